#!/usr/bin/env bash
# Session 43, ON the device (an H200, ~6-8 min): how wide gemm()'s first-call trial should be on
# shapes the cost model never saw. Arms: t6 (the default, AUTOGEMM_AUTOTUNE unset: the model's top
# six plus the class families) and t12 (AUTOGEMM_AUTOTUNE=12), processes alternating, PAIRS rounds
# (default 2). Shapes: the 215 off-grid shapes of h200_offgrid215_s42 (tuned in session 42, in no
# store the shipped model was trained on) and the decode shapes. Each process also times the
# tuned picks (`tuned`, h200_offgrid215_s42_table.json.gz) as the ceiling a perfect ranking would
# reach. Predicted (item 200: top 4 of the model gets most of what top 6 gets): t12 over t6 +0.5-1%
# middle, +0-0.5% large, decode within +-0.5%; t6 at ~0.96-0.97 of the tuned picks (middle).
# Ship a wider default only if the middle class gains >= 0.5% in both pairs and no class loses
# more than 0.5% (scripts/arm_class_stats.py DIR t6 t12 2 ...).
# Output: $OUT/s43_trial_width.tgz
source "$(dirname "$0")/spec_bench.sh"
GEMM_ARMS_EXTRA="table:tuned=bench/results/h200/h200_offgrid215_s42_table.json.gz" \
  BENCH_TIMEOUT=280 gemm_arms_probe s43_trial_width "t6 t12:AUTOGEMM_AUTOTUNE=12" \
  bench/shapes/offgrid215_train_s42.txt bench/shapes/decode.txt
