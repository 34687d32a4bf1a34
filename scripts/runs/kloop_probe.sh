#!/usr/bin/env bash
# The k-loops unrolled by two (notes 221), ON the device: gemm()'s own pick (`--spec
# auto`) in processes alternating the arms `new` (this build's kernels), `old` (the same with
# AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_KLOOP_UNROLL, a switch that exists at 40feed5 only: the
# k-loops not unrolled, as they were), with AUTOGEMM_TRIAL_FIXED=0 so that the middle class's
# picks stay plain; PAIRS (default 2) processes of each, interleaved with cuBLASLt-autotune nn and
# tn. Shapes: the fresh middle set of notes 218, oracle100's small and middle classes (table
# picks, plain or fixed), decode.txt, issue 3's three headline shapes and the first nine of
# offgrid_large40_s30.txt (the large class's trial). Output: $OUT/kloop.tgz.
source "$(dirname "$0")/spec_bench.sh"
grep -q AUTOGEMM_NO_KLOOP_UNROLL include/autogemm/sm90/gemm.cuh ||
  { echo "kloop_probe.sh: the old arm needs the AUTOGEMM_NO_KLOOP_UNROLL switch" >&2; exit 2; }
top="${OUT:-/tmp/kloop}"
d="$top/kloop"
record_machine "$d"
mid=bench/shapes/offgrid_middle_s31.txt
shapes="$(shape_list "$mid") $(grep -v '^#' bench/shapes/oracle100.txt | awk -F_ '2*$1*$2*$3 < 1e11' | tr '\n' ' ') $(shape_list bench/shapes/decode.txt) $(shape_list bench/shapes/key3.txt) $(grep -v '^#' bench/shapes/offgrid_large40_s30.txt | head -9 | tr '\n' ' ')"
prebuild_ranked "$mid" 6 "$d/ranked.txt"
AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_KLOOP_UNROLL prebuild_ranked "$mid" 6 "$d/ranked_old.txt"
export AUTOGEMM_TRIAL_FIXED=0
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_arms \
  "${ARMS:-new old:AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_KLOOP_UNROLL}" \
  "$shapes" auto
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -E "shapes in" "$f"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/kloop.tgz" -C "$top" kloop
