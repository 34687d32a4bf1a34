#!/usr/bin/env bash
# The tile order by the host's divisors (notes 219), ON the device: gemm()'s own pick (`--spec
# auto`) in processes alternating the arms `new` (this build's kernels), `old` (the same with
# AUTOGEMM_JIT_DEFINES=AUTOGEMM_PLAIN_DIVISION, a switch that exists at 495cf4a only: the tile
# order by hardware division and the release loop as they were) and `newfix` (new kernels, the trial's fixed-shape twins on), with
# AUTOGEMM_TRIAL_FIXED=0 elsewhere so that the middle class's picks stay plain; PAIRS (default
# 2) processes of each, interleaved with cuBLASLt-autotune nn and tn. Shapes: the fresh middle
# set of notes 218, oracle100's small and middle classes (table picks, plain or fixed) and
# decode.txt. Output: $OUT/tile_order.tgz.
source "$(dirname "$0")/spec_bench.sh"
grep -q AUTOGEMM_PLAIN_DIVISION include/autogemm/sm90/scheduler.cuh ||
  { echo "tile_order_probe.sh: the old arm needs 495cf4a's AUTOGEMM_PLAIN_DIVISION switch" >&2; exit 2; }
top="${OUT:-/tmp/tile_order}"
d="$top/tile_order"
record_machine "$d"
mid=bench/shapes/offgrid_middle_s31.txt
shapes="$(shape_list "$mid") $(grep -v '^#' bench/shapes/oracle100.txt | awk -F_ '2*$1*$2*$3 < 1e11' | tr '\n' ' ') $(shape_list bench/shapes/decode.txt)"
prebuild_ranked "$mid" 6 "$d/ranked.txt"
AUTOGEMM_JIT_DEFINES=AUTOGEMM_PLAIN_DIVISION prebuild_ranked "$mid" 6 "$d/ranked_old.txt"
export AUTOGEMM_TRIAL_FIXED=0
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_arms \
  "${ARMS:-new old:AUTOGEMM_JIT_DEFINES=AUTOGEMM_PLAIN_DIVISION newfix:AUTOGEMM_TRIAL_FIXED=2}" \
  "$shapes" auto
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -E "shapes in" "$f"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/tile_order.tgz" -C "$top" tile_order
