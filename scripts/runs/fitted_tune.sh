#!/usr/bin/env bash
# Tuning data with the fitted specs among the first proposals (proposer.hpp's kFittedSeeds): 119
# new random shapes off the grid (bench/shapes/offgrid119_train6.txt, scripts/offgrid_shapes.py
# 119 6), then the 105 of offgrid105_train.txt again (a store of their sweep-era tuning exists:
# h200_offgrid_train_state.tgz), at budget 32, without a cost model (the shipped one never saw a
# fitted spec). Stops after TUNE_SECONDS (default 480); every measurement is in the store as it is
# made. TRAIN_SHAPES: other shape files instead (offgrid147_train8.txt: scripts/offgrid_shapes.py
# 147 8). Runs ON the device. Output: $OUT/fitted_train_state.tgz (store, table, log).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
bin=build/tools/autogemm/autogemm
out="${OUT:-/tmp/fitted_tune}"
st="$out/fitted_train"
mkdir -p "$st"
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
cat ${TRAIN_SHAPES:-bench/shapes/offgrid119_train6.txt bench/shapes/offgrid105_train.txt} | grep -v '^#' > "$st/shapes.txt"
t0=$(date +%s)
timeout -k 20 "${TUNE_SECONDS:-480}" "$bin" tune --shapes "$st/shapes.txt" \
  --dtype fp16 --acc fp32 --layout tn --budget 32 --store "$st/tune.sqlite" \
  --out-table "$st/fitted.table.json" > "$st/tune.log" 2>&1
echo "tune: exit $? in $(( $(date +%s) - t0 )) s" | tee "$st/SUMMARY"
"$bin" db stats --store "$st/tune.sqlite" | tee -a "$st/SUMMARY"
tar czf "$out/fitted_train_state.tgz" -C "$out" fitted_train
