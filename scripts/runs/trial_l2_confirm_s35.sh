#!/usr/bin/env bash
# Session 35's longer trial for L2-sized decode-like weights (runtime::l2_contested), against the
# trial before it (AUTOGEMM_S35_OLD, the experiment's switch, at bce761e only), in processes
# alternating the arms,
# on decode_l2_24_s35.txt (fresh) and decode.txt; then the trial/dispatch GPU tests. ON the
# device, about 5 minutes. Output: $OUT/trial_l2.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/trial_l2}"
d="$top/trial_l2"
record_machine "$d" > /dev/null
shapes="$(shape_list bench/shapes/decode_l2_24_s35.txt) $(shape_list bench/shapes/decode.txt)"
OUT="$d" PAIRS="${PAIRS:-2}" spec_bench_arms "off:AUTOGEMM_S35_OLD=1 new" "$shapes" auto
timeout 300 ctest --test-dir build -L gpu -R "TimedChoiceGpu|DispatchGpu" --output-on-failure \
  > "$d/ctest_gpu.log" 2>&1
echo "ctest exit $?"; tail -3 "$d/ctest_gpu.log"
tar czf "$top/trial_l2.tgz" -C "$top" trial_l2
