#!/usr/bin/env bash
# Timing decode-like problems on the call with the decode families (notes 222), ON the device:
# gemm()'s own pick in processes alternating `on` (this build) and `off`
# (AUTOGEMM_TRIAL_DECODE_OFF=1, a switch that exists at 5f705ef only: decode-like problems as
# before, no families and no trial under 1e8 flops), PAIRS (default 2) processes of each,
# interleaved with cuBLASLt-autotune nn and tn, on decode.txt and SHAPES_FILE (default
# bench/shapes/decode_like40_s31.txt, fresh). The GPU tests first (TESTS_RE, NO_TESTS).
# Output: $OUT/decode_trial.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/decode_trial}"
d="$top/decode_trial"
record_machine "$d"
gpu_tests "$d/ctest_gpu.log" "TimedChoiceGpu|DispatchGpu"
shapes="$(shape_list bench/shapes/decode.txt) $(shape_list "${SHAPES_FILE:-bench/shapes/decode_like40_s31.txt}")"
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_arms \
  "${ARMS:-on off:AUTOGEMM_TRIAL_DECODE_OFF=1}" "$shapes" auto
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -E "shapes in" "$f"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/decode_trial.tgz" -C "$top" decode_trial
