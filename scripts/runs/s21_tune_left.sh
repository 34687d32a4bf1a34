#!/usr/bin/env bash
# Session 21 (notes 145), ON one H200: tune_shards.sh on the middle-class shapes the two-GPU run did
# not finish (bench/shapes/h200_s21_rest_middle_left.txt, budget 32, with its confirm run), then a
# second confirm run in its own process, so that an entry is replaced only where the new pick ran
# faster in both (scripts/table_update_confirmed.py --check).
# Output: $OUT/h200_shards.tgz, $OUT/confirm_b.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
GPU_MATCH=H200 SHAPES=bench/shapes/h200_s21_rest_middle_left.txt BUDGET=32 TUNE_SECONDS="${TUNE_SECONDS:-300}" \
  CONFIRM_SECONDS=100 bash scripts/runs/tune_shards.sh 2>&1 | tail -12
mkdir -p /tmp/left && tar xzf "$OUT/h200_shards.tgz" -C /tmp/left
SHAPES="$(grep -v '^#' bench/shapes/h200_s21_rest_middle_left.txt | tr '\n' ' ')" OUT="$OUT" BENCH_TIMEOUT=150 \
  spec_bench confirm_b "" "table:shipped=data/nvidia_h200.json" "table:new=/tmp/left/h200_shards/table.json"
tail -n 8 "$OUT/confirm_b.log"
