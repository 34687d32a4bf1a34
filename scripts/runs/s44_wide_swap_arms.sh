#!/usr/bin/env bash
# Session 44, ON the device (an H200, one call of ~1-2 min): experiment S44W (timed_choice.cpp,
# AUTOGEMM_EXP_S44W=1): the large-class trial's wave-filling candidate drawn also from
# wide_swap_specs (swap-AB split-N tiles, now valid over 256 columns without a splitting cluster:
# h200_wide_box_s44, where cuBLASLt's structure came within 1-4% of cuBLASLt on its shapes).
# Shapes: bench/shapes/large_wideswap24_s44.txt (24 fresh ones where the candidate changes to
# such a tile). Arms: base (the shipped rule) and ws (the switch on), three pairs, order ws_1,
# base_1, base_2, ws_2, ws_3, base_3; every process also times `cm`.
# Rule, fixed before the run: ship if gemm()'s time against `cm`, ws over base, gains >= 0.3%
# pooled over the 24 shapes and three pairs and loses no more than 0.3% in any pair. Predicted:
# 0 to +0.5% (as a trial candidate such a tile won 1 of 16 trials in h200_swap_split_n_s30).
# Output: $OUT/s44_wide_swap.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="ws:1 base:1 base:2 ws:2 ws:3 base:3" BENCH_TIMEOUT=300 gemm_arms_probe \
  s44_wide_swap "base ws:AUTOGEMM_EXP_S44W=1" bench/shapes/large_wideswap24_s44.txt
