#!/usr/bin/env bash
# Session 21 (notes 147), ON a host of H200s: tune_shards.sh on the grid's large shapes not yet
# re-tuned (bench/shapes/h200_s21_rest_large.txt; BUDGET default 24) with its confirm runs (one
# share of the shapes per GPU) and, CHECK=1, each share again on the next GPU in a process of its
# own, for scripts/table_update_confirmed.py --check.
# (The run of record, 90a3fd2, did the second runs itself as $OUT/confirm_b<g>.csv.)
# Output: $OUT/h200_shards.tgz.
cd "$(dirname "$0")/../.." || exit 2
GPU_MATCH=H200 SHAPES=bench/shapes/h200_s21_rest_large.txt BUDGET="${BUDGET:-24}" CHECK=1 \
  TUNE_SECONDS="${TUNE_SECONDS:-220}" CONFIRM_SECONDS=60 bash scripts/runs/tune_shards.sh 2>&1 |
  tail -n 16
