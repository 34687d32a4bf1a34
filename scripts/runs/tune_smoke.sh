#!/usr/bin/env bash
# The tuner end to end ON the device: its GPU test, a small tune (3 shapes, budget 16) into a
# fresh store with a table exported, a --resume rerun that must skip every shape, and the
# store's stats.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/tune_smoke}"
mkdir -p "$out"
bin=build/tools/autogemm/autogemm
export AUTOGEMM_COMMIT="$(cat build/COMMIT)"
ctest --test-dir build -L gpu -R TuneGpu --output-on-failure > "$out/ctest_tune_gpu.log" 2>&1
echo "TuneGpu: exit $? ($(grep -E 'tests passed|tests failed' "$out/ctest_tune_gpu.log" | tail -1))"
shapes='--mnk 4096_4096_4096 --mnk 64_4096_4096 --mnk 1000_1000_1000'
rm -f "$out/tune.sqlite"*
timeout 300 "$bin" tune $shapes --dtype fp16 --acc fp32 --layout tn --budget 16 \
  --store "$out/tune.sqlite" --out-table "$out/tune_table.json" > "$out/tune.log" 2>&1
echo "tune: exit $?"; tail -5 "$out/tune.log"
timeout 120 "$bin" tune $shapes --layout tn --budget 16 --store "$out/tune.sqlite" --resume \
  > "$out/tune_resume.log" 2>&1
echo "tune --resume: exit $?"; tail -3 "$out/tune_resume.log"
"$bin" db stats --store "$out/tune.sqlite" | tee "$out/db_stats.txt" | head -20
