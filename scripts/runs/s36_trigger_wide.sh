#!/usr/bin/env bash
# Session 36, ON the device: the late-trigger arm (s36_trigger.sh) on issue 4's sets: gemm()'s own
# pick with and without AUTOGEMM_LATE_TRIGGER, processes alternating (PAIRS, default 2), on
# oracle100 and decode.txt. Output: $OUT/s36_trigger_wide.tgz
# (Its switch AUTOGEMM_LATE_TRIGGER was removed after the runs: late is now the only behaviour,
# so the arms are now alike.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s36_trigger_wide}"
d="$top/s36_trigger_wide"
record_machine "$d" > /dev/null
PAIRS="${PAIRS:-2}" OUT="$d" BENCH_TIMEOUT=130 spec_bench_arms \
  "off late:AUTOGEMM_JIT_DEFINES=AUTOGEMM_LATE_TRIGGER" \
  "$(shape_list bench/shapes/oracle100.txt) $(shape_list bench/shapes/decode.txt)" auto
tar czf "$top/s36_trigger_wide.tgz" -C "$top" s36_trigger_wide
