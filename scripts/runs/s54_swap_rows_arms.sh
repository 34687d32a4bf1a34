#!/usr/bin/env bash
# ON the device (session 54, experiment S54C; CLI-only pack): gemm() with and without the
# row-block-epilogue twins of its trial's swap-AB candidates (AUTOGEMM_EXP_S54C=1: outside the
# decode-like class, each swap-AB candidate with direct stores also runs as `_etmar`, one stage
# fewer where the staging leaves no room), on 40 fresh middle- and large-class shapes whose trials
# hold such a candidate (bench/shapes/swap_rows40_s54.txt, chosen offline with `autogemm dispatch`:
# 95 of 400 such shapes of the draw), four processes in mirror order (base, rows, rows, base), each
# with the cost model's first pick `cm` beside `auto` (gemm_arms_probe).
# Why: in h200_swap_rows_s54 (section 2) the row-block twins of swap-AB tiles ran faster than
# their direct twins on all eight tall-skinny shapes for 192x104 wg3 (3-24%) and 128x152 coop.
# Result (notes 398): +0.66% / +0.91%: met, shipped (93c071b, switch removed).
# Rule, set before the run: ship (switch removed, twins on) if gemm()'s geomean against `cm` gains
# >= 0.5% in both pairs. Predicted: +1-3%.
# Read: python3 scripts/arm_pick_split.py DIR base rows 2 cm '_etmar(_\w+)*_swap' bench/shapes/swap_rows40_s54.txt
# Output: $OUT/s54_swap_rows_arms.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-base:1 rows:1 rows:2 base:2}" gemm_arms_probe s54_swap_rows_arms \
  "base rows:AUTOGEMM_EXP_S54C=1" bench/shapes/swap_rows40_s54.txt
