#!/usr/bin/env bash
# Tunes shapes outside the grid at budget 32 without a cost model, so the cost model can learn
# from them. By default the 105 of bench/shapes/offgrid105_train.txt (scripts/offgrid_shapes.py
# 105 3; most have K % 64 != 0, which no grid shape has): what rows off the 128-byte lines cost
# (notes' item 102). SHAPE_FILES: other shape files, tuned in that order; NAME: the output folder
# (default offgrid_train; its table is NAME without "_train" plus .table.json). Stops after
# TUNE_SECONDS (default 330); every measurement is in the store as it is made. Runs ON the
# device. Output: $OUT/NAME_state.tgz (store, table, log).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
bin=build/tools/autogemm/autogemm
name="${NAME:-offgrid_train}"
out="${OUT:-/tmp/$name}"
st="$out/$name"
mkdir -p "$st"
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
cat ${SHAPE_FILES:-bench/shapes/offgrid105_train.txt} | grep -v '^#' > "$st/shapes.txt"
t0=$(date +%s)
timeout -k 20 "${TUNE_SECONDS:-330}" "$bin" tune --shapes "$st/shapes.txt" \
  --dtype fp16 --acc fp32 --layout tn --budget 32 --store "$st/tune.sqlite" \
  --out-table "$st/${name%_train}.table.json" > "$st/tune.log" 2>&1
echo "tune: exit $? in $(( $(date +%s) - t0 )) s" | tee "$st/SUMMARY"
"$bin" db stats --store "$st/tune.sqlite" | tee -a "$st/SUMMARY"
tar czf "$out/${name}_state.tgz" -C "$out" "$name"
