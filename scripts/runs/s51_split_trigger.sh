#!/usr/bin/env bash
# ON the device (session 51; pack: CLI + test_kernel_sweep): split-pass GEMMs that trigger their
# dependent (the reduction pass) as they start (AUTOGEMM_JIT_DEFINES=AUTOGEMM_SPLIT_PASS_EARLY_TRIGGER)
# against the shipped late trigger, where the pass launches only as the GEMM grid exits.
#  1. KernelSweep.SplitReductionPass with the switch on.
#  2. The H200 table's 82 split-pass entries (`old`), with cuBLASLt-autotune, processes in the
#     order late early early late (arms of the same table; the switch is the only difference).
# Predicted: 0.5-1.5 us less per split-pass call (the pass's launch off the critical path), 3-10% on
# the table's 5-30 us split entries. Output: $OUT/s51_trigger/ tarred as $OUT/s51_trigger.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out s51_trigger)"
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
early=AUTOGEMM_SPLIT_PASS_EARLY_TRIGGER
parts=" ${PARTS:-tests table} "
if [[ $parts == *" tests "* ]]; then
  AUTOGEMM_JIT_DEFINES=$early timeout 150 ctest --test-dir build -L gpu -R "SplitReductionPass" \
    --output-on-failure > "$top/ctest_gpu_early.log" 2>&1
  echo "ctest (early) exit $?: $(grep -E 'tests passed|tests failed' "$top/ctest_gpu_early.log")"
fi
if [[ $parts == *" table "* ]]; then
  python3 - > "$top/shapes.txt" <<'PY'
import json
print(" ".join("%d_%d_%d" % (e["m"], e["n"], e["k"]) for e in json.load(open("data/nvidia_h200.json"))["entries"] if "_skp" in e["spec"]))
PY
  python3 - > "$top/prebuild.txt" <<'PY'
import json
for e in json.load(open("data/nvidia_h200.json"))["entries"]:
    if "_skp" in e["spec"]: print(e["spec"])
PY
  pre=()
  for s in $(sort -u "$top/prebuild.txt"); do pre+=(--spec "$s"); done
  timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
  AUTOGEMM_JIT_DEFINES=$early timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
  for arm in late early early late; do
    if [ "$arm" = early ]; then export AUTOGEMM_JIT_DEFINES=$early; else unset AUTOGEMM_JIT_DEFINES; fi
    n=$(ls "$top"/${arm}_*.csv 2>/dev/null | wc -l)
    OUT="$top" BENCH_TIMEOUT=200 spec_bench "${arm}_$((n + 1))" "$(cat "$top/shapes.txt")" \
      table:tab=data/nvidia_h200.json
    grep -A5 "^method" "$top/${arm}_$((n + 1)).log" | head -6
  done
  unset AUTOGEMM_JIT_DEFINES
fi
tar czf "$OUT/s51_trigger.tgz" -C "$(dirname "$top")" "$(basename "$top")"
