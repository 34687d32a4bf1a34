#!/usr/bin/env bash
# Session 21 (notes 145), ON one H200: tune_shards.sh on the middle-class shapes the two-GPU run did
# not finish (bench/shapes/h200_s21_rest_middle_left.txt, budget 32), with its confirm run and,
# CHECK=1, a second confirm run in a process of its own, so that an entry is replaced only where
# the new pick ran faster in both (scripts/table_update_confirmed.py --check).
# (The run of record, dc30a1e, did the second run itself as $OUT/confirm_b.csv.)
# Output: $OUT/h200_shards.tgz.
cd "$(dirname "$0")/../.." || exit 2
GPU_MATCH=H200 SHAPES=bench/shapes/h200_s21_rest_middle_left.txt BUDGET=32 CHECK=1 \
  TUNE_SECONDS="${TUNE_SECONDS:-300}" CONFIRM_SECONDS=100 bash scripts/runs/tune_shards.sh 2>&1 |
  tail -n 14
