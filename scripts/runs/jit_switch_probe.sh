#!/usr/bin/env bash
# A kernel change against its old code, ON the device (notes 219, 221): gemm()'s own pick
# (`--spec auto`) in processes alternating the arms `new` (this build's kernels) and `old` (the
# same with AUTOGEMM_JIT_DEFINES=$SWITCH, an A/B switch in the kernel headers that restores the
# old code; refused when the headers lack it), with AUTOGEMM_TRIAL_FIXED=0 so that the middle
# class's picks stay plain; PAIRS (default 2) processes of each, interleaved with
# cuBLASLt-autotune nn and tn. Shapes: the fresh middle set of notes 218, oracle100's small and
# middle classes (table picks, plain or fixed), decode.txt, and with LARGE=1 issue 3's three
# headline shapes and the first nine of offgrid_large40_s30.txt (the large class's trial). ARMS
# replaces the arms. Output: $OUT/jit_switch.tgz.
# Session 31 ran it as tile_order_probe.sh (SWITCH=AUTOGEMM_PLAIN_DIVISION, at 495cf4a, with a
# third arm `newfix:AUTOGEMM_TRIAL_FIXED=2`) and kloop_probe.sh (SWITCH=AUTOGEMM_NO_KLOOP_UNROLL
# LARGE=1, at 40feed5).
source "$(dirname "$0")/spec_bench.sh"
switch="${SWITCH:?the A/B switch, e.g. SWITCH=AUTOGEMM_PLAIN_DIVISION}"
grep -rq "$switch" include/autogemm/sm90/ ||
  { echo "jit_switch_probe.sh: no $switch in include/autogemm/sm90: the old arm would be the new" >&2; exit 2; }
top="${OUT:-/tmp/jit_switch}"
d="$top/jit_switch"
record_machine "$d"
mid=bench/shapes/offgrid_middle_s31.txt
shapes="$(shape_list "$mid") $(grep -v '^#' bench/shapes/oracle100.txt | awk -F_ '2*$1*$2*$3 < 1e11' | tr '\n' ' ') $(shape_list bench/shapes/decode.txt)"
[ -n "${LARGE:-}" ] &&
  shapes="$shapes $(shape_list bench/shapes/key3.txt) $(grep -v '^#' bench/shapes/offgrid_large40_s30.txt | head -9 | tr '\n' ' ')"
prebuild_ranked "$mid" 6 "$d/ranked.txt"
AUTOGEMM_JIT_DEFINES="$switch" prebuild_ranked "$mid" 6 "$d/ranked_old.txt"
export AUTOGEMM_TRIAL_FIXED=0
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_arms \
  "${ARMS:-new old:AUTOGEMM_JIT_DEFINES=$switch}" "$shapes" auto
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -E "shapes in" "$f"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/jit_switch.tgz" -C "$top" jit_switch
