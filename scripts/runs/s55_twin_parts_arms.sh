#!/usr/bin/env bash
# ON the device (session 55, experiment S55C; CLI-only pack): gemm()'s row-block twins of its
# swap-AB candidates (with_row_block_twins, since session 54) keeping the candidate's ring by
# staging in parts where some count (2-4) fits (AUTOGEMM_EXP_S55C=1), instead of dropping stages;
# on 48 fresh shapes where the switch changes a twin (bench/shapes/twin_parts48_s55.txt), four
# processes in mirror order (base, parts, parts, base), each with the cost model's first pick
# `cm` beside `auto`.
# Why: 128x288 in thirds at four stages ran 1.03-1.33x faster than direct, where its
# three-stage whole twin had lost twice (h200_row_parts_s55, h200_swap_rows_s54).
# Rule, set before the run: ship (switch removed, on) if gemm()'s geomean against `cm` gains
# >= 0.5% in both pairs. Predicted: +0.3-1.5%.
# Read: python3 scripts/arm_pick_split.py DIR base parts 2 cm '_etmar\d_swap' SHAPES
# Result (notes 405, h200_twin_parts_s55): +1.18% / +1.16% against `cm`: met. Shipped with the
# switch removed; to rerun the comparison, check out the experiment's commit (14bc3e1).
# Output: $OUT/s55_twin_parts_arms.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-base:1 parts:1 parts:2 base:2}" gemm_arms_probe s55_twin_parts_arms \
  "base parts:AUTOGEMM_EXP_S55C=1" bench/shapes/twin_parts48_s55.txt
