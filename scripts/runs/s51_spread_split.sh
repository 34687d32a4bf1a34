#!/usr/bin/env bash
# ON the device (session 51; pack: CLI + test_kernel_sweep): split-K's sum spread over a tile's
# pieces in the kernel (stream-K's aligned split, Fixup::reduce_slice) against the reduction pass.
# Run at 99a7741 with bench/results/h200/h200_fewtile_s51/spread/reduce_slice_batched.diff applied
# (reduce_slice loading 16-32 values a thread at once instead of 2-8; not kept).
#  1. KernelSweep.SplitKSchedules as built and with AUTOGEMM_ALIGNED_SPLIT_MIN=2 (every persistent
#     stream-K grid of 2+ whole pieces per tile takes the spread sum).
#  2. The H200 table's 82 split-pass entries (`old`) against twins with each `_tiles_..._skpN(p)`
#     made `_persist_..._skN` (`sk`: one launch, pieces as persistent stream-K CTAs) in two arms:
#     `fix` (as built: 2-8 pieces go to the serial fixup, one CTA adding the others' partials) and
#     `spread` (AUTOGEMM_JIT_DEFINES=AUTOGEMM_ALIGNED_SPLIT_MIN=2), processes in the order
#     fix spread spread fix.
# Predicted: spread beats fix on most one-wave twins, and beats the pass (`old`) on 20-40 of the 82
# by 3% or more (the pass's second kernel and its wait for the whole grid gone; the sum spread
# over every piece). Output: $OUT/s51_spread/ tarred as $OUT/s51_spread.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out s51_spread)"
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
parts=" ${PARTS:-tests table} "
spread=AUTOGEMM_ALIGNED_SPLIT_MIN=2
if [[ $parts == *" tests "* ]]; then
  timeout 150 ctest --test-dir build -L gpu -R "SplitKSchedules" --output-on-failure \
    > "$top/ctest_gpu_fix.log" 2>&1
  echo "ctest (as built) exit $?: $(grep -E 'tests passed|tests failed' "$top/ctest_gpu_fix.log")"
  AUTOGEMM_JIT_DEFINES=$spread timeout 150 ctest --test-dir build -L gpu -R "SplitKSchedules" \
    --output-on-failure > "$top/ctest_gpu_spread.log" 2>&1
  echo "ctest (spread) exit $?: $(grep -E 'tests passed|tests failed' "$top/ctest_gpu_spread.log")"
fi
twin_code='
for e in t["entries"]:
    if "_skp" not in e["spec"]:
        continue
    shapes.append("%d_%d_%d" % (e["m"], e["n"], e["k"]))
    e["spec"] = re.sub(r"_skp(\d+)p?", r"_sk\1", e["spec"].replace("_tiles_", "_persist_"))
'
if [[ $parts == *" table "* ]]; then
  python3 - > "$top/prebuild.txt" <<'PY'
import json, re
for e in json.load(open("data/nvidia_h200.json"))["entries"]:
    if "_skp" in e["spec"]:
        print(e["spec"])
        print(re.sub(r"_skp(\d+)p?", r"_sk\1", e["spec"].replace("_tiles_", "_persist_")))
PY
  pre=()
  for s in $(sort -u "$top/prebuild.txt"); do pre+=(--spec "$s"); done
  timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
  AUTOGEMM_JIT_DEFINES=$spread timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
  for arm in fix spread spread fix; do
    if [ "$arm" = spread ]; then export AUTOGEMM_JIT_DEFINES=$spread; else unset AUTOGEMM_JIT_DEFINES; fi
    n=$(ls -d "$top"/${arm}_* 2>/dev/null | wc -l)
    OUT="$top/${arm}_$((n + 1))" REPS=1 table_twin_probe table split sk "$twin_code"
  done
  unset AUTOGEMM_JIT_DEFINES
fi
rm -f "$top"/*/*.tgz
tar czf "$OUT/s51_spread.tgz" -C "$(dirname "$top")" "$(basename "$top")"
