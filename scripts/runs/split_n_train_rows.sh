#!/usr/bin/env bash
# Experience rows for split N (notes 190), ON the device: `autogemm tune` (fast protocol, budget
# BUDGET, default 24, screened by the shipped cost model) on bench/shapes/split_n_train_s26.txt,
# whose 192-row tiles the cost model ranks without a split-N feature; the store is training data
# for a cost model that has one. Output: $OUT/split_n_train/ (store, table, log).
set -uo pipefail
cd "$(dirname "$0")/../.."
d="${OUT:-/tmp}/split_n_train"
mkdir -p "$d"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$d/gpu.txt"
AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null)" timeout "${TUNE_TIMEOUT:-280}" \
  build/tools/autogemm/autogemm tune --shapes bench/shapes/split_n_train_s26.txt --layout tn \
  --budget "${BUDGET:-24}" --cost-model data/nvidia_h200.costmodel.json.gz \
  --store "$d/split_n_train.sqlite" --out-table "$d/split_n_train_table.json" > "$d/tune.log" 2>&1
echo "tune exit $?"
tail -4 "$d/tune.log"
