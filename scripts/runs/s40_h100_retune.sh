#!/usr/bin/env bash
# ON the device, an H100 (prepared in session 39 for the next): the H100 table's weakest entries
# re-tuned as the H200's were in sessions 38-39 (none of the H100's since session 36 removed the
# early trigger; notes 274: 29-32 of its 70 plain-launch entries ran below cuBLASLt).
# SET=middle (bench/shapes/h100_middle_retune_s40.txt, 110 entries under 1.10x, budget 40) or
# SET=large (h100_large_retune_s40.txt, 75 entries under 1.03x, budget 32); one device call each
# (~330 s of tuning, then a confirm and a check process against the H100's own table as
# `shipped`). Then, on the CPU:
#   python3 scripts/table_update_confirmed.py data/nvidia_h100_80gb_hbm3.json \
#     h100_shards/table.json OUT --confirm h100_shards/confirm0.csv --check h100_shards/check0.csv \
#     --date ISO --report REPORT.md
# Output: $OUT/h100_<SET>_retune_s40.tgz
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
set_name="${SET:?SET=middle or SET=large}"
case "$set_name" in
  middle) budget=40 ;;
  large) budget=32 ;;
  *) echo "SET: middle or large, not '$set_name'" >&2; exit 2 ;;
esac
GPU_MATCH=H100 SHAPES="bench/shapes/h100_${set_name}_retune_s40.txt" BUDGET="$budget" CHECK=1 \
  TUNE_SECONDS="${TUNE_SECONDS:-330}" CONFIRM_SECONDS="${CONFIRM_SECONDS:-100}" \
  COMPARE=table:shipped=data/nvidia_h100_80gb_hbm3.json bash scripts/runs/tune_shards.sh
out="${OUT:-/tmp/h100_shards}"
[ -f "$out/h100_shards.tgz" ] && mv "$out/h100_shards.tgz" "$out/h100_${set_name}_retune_s40.tgz"
