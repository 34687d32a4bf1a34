#!/usr/bin/env bash
# Session 36's last device call, ON the device (meant for an H100): the GPU tests of the session's
# changes (uneven multicast slices; no early PDL trigger) and the early-trigger arm
# (AUTOGEMM_JIT_DEFINES=AUTOGEMM_EARLY_TRIGGER, the kernels as before this session) against the
# shipped kernels, gemm()'s own pick, processes alternating (PAIRS, default 2), on oracle100,
# decode.txt and decode_l2_24_s35. Output: $OUT/s36_h100_check.tgz
# (Its switch AUTOGEMM_EARLY_TRIGGER was removed after the run: the arms are now alike.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s36_h100_check}"
d="$top/s36_h100_check"
record_machine "$d" > /dev/null
commit=$(cut -c1-7 build/COMMIT)
timeout 240 ctest --test-dir build -L gpu --output-on-failure \
  -R "KernelSweep\.(Uneven|EightCta|SplitKSchedules)|TimedChoiceGpu|DispatchGpu" > "$d/ctest_gpu_$commit.log" 2>&1
echo "ctest exit $?"; tail -n 3 "$d/ctest_gpu_$commit.log"
PAIRS="${PAIRS:-2}" OUT="$d" BENCH_TIMEOUT=130 spec_bench_arms \
  "off early:AUTOGEMM_JIT_DEFINES=AUTOGEMM_EARLY_TRIGGER" "$(shape_list bench/shapes/oracle100.txt) \
  $(shape_list bench/shapes/decode.txt) $(shape_list bench/shapes/decode_l2_24_s35.txt)" auto
tar czf "$top/s36_h100_check.tgz" -C "$top" s36_h100_check
