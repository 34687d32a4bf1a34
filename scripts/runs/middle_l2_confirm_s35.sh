#!/usr/bin/env bash
# Session 35: the longer trial plan for every L2-sized problem outside the large class
# (runtime::l2_contested), against the same build with it for decode-like problems only
# (AUTOGEMM_S35_DECODE_ONLY, the experiment's switch, at the commit that ran it only), processes
# alternating, two pairs, on SHAPE_FILE (default middle_l2_30_s35b.txt, fresh at 8afcae1; its
# second run, at the commit that made the longer plan memory-bound only, on
# middle_l2_mem24_s35c.txt); then the trial and dispatch GPU tests. ON the device, about 4
# minutes. Output: $OUT/middle_l2b.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/middle_l2b}"
d="$top/middle_l2b"
record_machine "$d" > /dev/null
OUT="$d" PAIRS="${PAIRS:-2}" BENCH_TIMEOUT=400 spec_bench_arms \
  "off:AUTOGEMM_S35_DECODE_ONLY=1 new" "$(shape_list "${SHAPE_FILE:-bench/shapes/middle_l2_30_s35b.txt}")" auto
timeout 300 ctest --test-dir build -L gpu -R "TimedChoiceGpu|DispatchGpu" --output-on-failure \
  > "$d/ctest_gpu.log" 2>&1
echo "ctest exit $?"; tail -3 "$d/ctest_gpu.log"
tar czf "$top/middle_l2b.tgz" -C "$top" middle_l2b
