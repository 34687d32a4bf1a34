#!/usr/bin/env bash
# Session 38, ON an H200: the H200 table's large-class entries below cuBLASLt and oracle100's large shapes re-tuned without the early
# trigger (session 36 removed it; every entry was tuned with it). Shapes: bench/shapes/
# h200_large_retune_s38.txt (57). Budget 48, as h200_below1_retune_s23; then a confirm and a check
# run, each its own process, for scripts/table_update_confirmed.py.
# Output: $OUT/h200_shards.tgz
cd "$(dirname "$0")/../.." || exit 2
GPU_MATCH=H200 SHAPES=bench/shapes/h200_large_retune_s38.txt BUDGET=48 CHECK=1 TUNE_SECONDS=330 \
  CONFIRM_SECONDS=110 bash scripts/runs/tune_shards.sh
