#!/usr/bin/env bash
# Tunes 105 random shapes outside the grid (bench/shapes/offgrid105_train.txt,
# scripts/offgrid_shapes.py 105 3; most have K % 64 != 0, which no grid shape has) at budget 32,
# so the cost model can learn what rows off the 128-byte lines cost (notes' Next list). Stops
# after TUNE_SECONDS (default 330); every measurement is in the store as it is made. Runs ON the
# device. Output: $OUT/offgrid_train_state.tgz (store, table, log).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
bin=build/tools/autogemm/autogemm
out="${OUT:-/tmp/offgrid_tune}"
st="$out/offgrid_train"
mkdir -p "$st"
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
t0=$(date +%s)
timeout -k 20 "${TUNE_SECONDS:-330}" "$bin" tune --shapes bench/shapes/offgrid105_train.txt \
  --dtype fp16 --acc fp32 --layout tn --budget 32 --store "$st/tune.sqlite" \
  --out-table "$st/offgrid.table.json" > "$st/tune.log" 2>&1
echo "tune: exit $? in $(( $(date +%s) - t0 )) s" | tee "$st/SUMMARY"
"$bin" db stats --store "$st/tune.sqlite" | tee -a "$st/SUMMARY"
tar czf "$out/offgrid_train_state.tgz" -C "$out" offgrid_train
