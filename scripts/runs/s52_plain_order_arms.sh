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
# Measured (run 1): few-tile +2.5% / +0.45% against `cm`, control +0.7% / +0.5%: the rule missed
# in pair 2. RUN=2, with its rule fixed before it ran: a second fresh set
# (bench/shapes/fewtile_longk32_s52b.txt, seed 5202) and the control
# bench/shapes/offgrid_middle_s31.txt; the twins become the default if the second set
# gains at least 0.5% against `cm` in both pairs and the control loses no more than 0.3% in
# either.
# Output: $OUT/plain_order_s52.tgz (RUN=2: plain_order_s52b.tgz).
source "$(dirname "$0")/spec_bench.sh"
if [ "${RUN:-1}" = 2 ]; then
  ARMS_ORDER="base:1 s52:1 s52:2 base:2" gemm_arms_probe plain_order_s52b "base s52:AUTOGEMM_EXP_S52=1" \
    bench/shapes/fewtile_longk32_s52b.txt bench/shapes/offgrid_middle_s31.txt
else
  ARMS_ORDER="base:1 s52:1 s52:2 base:2" gemm_arms_probe plain_order_s52 "base s52:AUTOGEMM_EXP_S52=1" \
    bench/shapes/fewtile_longk32_s52.txt bench/shapes/offgrid_middle_s49.txt
fi
