#!/usr/bin/env bash
# Session 38, ON an H200: the H200 table's middle-class entries within 3% of cuBLASLt re-tuned
# without the early trigger (session 36 removed it; every entry was tuned with it), after
# h200_weak_retune_s38 replaced 19 of the 49 weakest at 1.067x. Shapes: bench/shapes/
# h200_middle_retune_s38.txt (84). Budget 40; then a confirm and a check run, each its own
# process, for scripts/table_update_confirmed.py.
# Output: $OUT/h200_shards.tgz
cd "$(dirname "$0")/../.." || exit 2
GPU_MATCH=H200 SHAPES=bench/shapes/h200_middle_retune_s38.txt BUDGET=40 CHECK=1 TUNE_SECONDS=330 \
  CONFIRM_SECONDS=100 bash scripts/runs/tune_shards.sh
