#!/usr/bin/env bash
# Session 38, ON an H200: the H200 table's weakest middle-class entries re-tuned without the early
# trigger (session 36 removed it; every entry was tuned with it). Shapes: bench/shapes/
# h200_weak_retune_s38.txt (49). Budget 48, as h200_below1_retune_s23; then a confirm and a check
# run, each its own process, for scripts/table_update_confirmed.py.
# Output: $OUT/h200_shards.tgz
cd "$(dirname "$0")/../.." || exit 2
GPU_MATCH=H200 SHAPES=bench/shapes/h200_weak_retune_s38.txt BUDGET=48 CHECK=1 TUNE_SECONDS=300 \
  CONFIRM_SECONDS=100 bash scripts/runs/tune_shards.sh
