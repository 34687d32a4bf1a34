#!/usr/bin/env bash
# Twenty-third session (notes 165, 175), ON the device: the H200 table's entries that ran slower than
# cuBLASLt-autotune in their tuning run (bench/shapes/h200_below1_s23.txt) re-tuned at budget 48,
# twice the budget of their last re-tunings, with this build's tuner (the split order's move);
# confirm and check runs against the shipped table (tune_shards.sh, CHECK=1). SHAPES: another
# list (bench/shapes/h200_near1_middle_s23.txt: the middle entries at 1.00-1.03x, notes 175).
# Output: $OUT/h200_shards.tgz.
cd "$(dirname "$0")/../.." || exit 2
GPU_MATCH=H200 SHAPES=${SHAPES:-bench/shapes/h200_below1_s23.txt} BUDGET=48 CHECK=1 TUNE_SECONDS=420 \
  bash scripts/runs/tune_shards.sh
