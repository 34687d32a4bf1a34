#!/usr/bin/env bash
# ON the device (session 52; CLI-only pack): gemm() with and without the plain-order twins in its
# first-call trial (AUTOGEMM_EXP_S52=1: timed_choice.cpp's with_plain_order_twins), processes in
# mirror order base s52 s52 base, the cost model's first pick `cm` timed beside gemm() in each.
# Shapes: bench/shapes/fewtile_longk32_s52.txt (fresh, drawn for this run) and the middle-class
# control bench/shapes/offgrid_middle_s49.txt.
# Rule, fixed before the run: the twins become gemm()'s default if on the fresh few-tile set
# gemm()'s time against `cm` improves by at least 1% in both pairs and the control set loses no
# more than 0.3% in either pair (scripts/arm_class_stats.py --ref cm). Predicted: +2-4% on the
# few-tile set, the control within 0.3%.
# Output: $OUT/plain_order_s52.tgz.
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="base:1 s52:1 s52:2 base:2" gemm_arms_probe plain_order_s52 "base s52:AUTOGEMM_EXP_S52=1" \
  bench/shapes/fewtile_longk32_s52.txt bench/shapes/offgrid_middle_s49.txt
