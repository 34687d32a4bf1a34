#!/usr/bin/env bash
# Session 22 (notes 157), ON one H100: the H100 table's 87 split-pass entries re-tuned at budget
# 24 now that the pieces launch piece-major (notes 156), confirmed against the shipped H100
# table and checked in a second process (CHECK=1), for scripts/table_update_confirmed.py.
# Output: $OUT/h100_shards.tgz.
cd "$(dirname "$0")/../.." || exit 2
GPU_MATCH=H100 SHAPES=bench/shapes/skp_entries_h100.txt BUDGET=24 CHECK=1 TUNE_SECONDS=330 \
  CONFIRM_SECONDS=100 COMPARE=table:shipped=data/nvidia_h100_80gb_hbm3.json \
  bash scripts/runs/tune_shards.sh 2>&1 | tail -n 16
