#!/usr/bin/env bash
# Session 44, ON the device (an H200, one call of ~4-6 min): the S44 experiment (timed_choice.hpp,
# AUTOGEMM_EXP_S44=1): a large-class trial also times the spec of the model's first 24 whose
# tiles fill the SMs' waves best (fitted_score), where it beats the listed candidates' best score
# by 5%. Offline it fires on 16 of the 98 large shapes below, among them most of the lowest
# against cuBLASLt in h200_trial_width_s44 (6989x608x14880 0.91, 5378x952x13544 0.88, where the
# model's top three fill 0.81 of the slots and the added spec 0.93-0.95).
# Arms: base (switch off) and fit (on); order fit_1, base_1, base_2, fit_2 (mirror). Every process
# also times `cm`, the shipped cost model's first pick without a trial, the fixed reference.
# Rule, fixed before the run (scripts/arm_class_stats.py --ref cm DIR base fit 2 SHAPES...): make it
# the default only if the large class gains >= 0.3% against `cm` in both pairs and no shape group
# loses more than 0.3%. Predicted: large class +0.3-0.6%, the 16 changed shapes +2-4%.
# Output: $OUT/s44_wave_fit.tgz
source "$(dirname "$0")/spec_bench.sh"
large=$(cat bench/shapes/large_offgrid32_s27.txt bench/shapes/large_offgrid30_s40.txt \
  bench/shapes/offgrid63_s40.txt bench/shapes/offgrid63_s41.txt |
  grep -v '^#' | awk -F_ '2 * $1 * $2 * $3 >= 1e11 { printf "%s ", $0 }')
# shellcheck disable=SC2086  # the shapes, one word each
ARMS_ORDER="fit:1 base:1 base:2 fit:2" BENCH_TIMEOUT=400 gemm_arms_probe s44_wave_fit \
  "base fit:AUTOGEMM_EXP_S44=1" $large
