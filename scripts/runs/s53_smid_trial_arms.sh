#!/usr/bin/env bash
# ON the device (session 53, notes 389; CLI-only pack): gemm() with its first-call trial's
# plain-order twins launched plainly (base, as shipped since session 52) or under PDL with the
# pieces placed by SM (AUTOGEMM_EXP_S53=1: timed_choice.cpp's plain_order_twins_of), processes in
# mirror order base s53 s53 base, the cost model's first pick `cm` timed beside gemm() in each.
# Shapes: bench/shapes/fewtile_longk32_s53.txt (fresh, drawn for this run) and the middle-class
# control bench/shapes/offgrid_middle_s49.txt.
# Rule, fixed before the run: the placed twins become gemm()'s default if on the fresh few-tile set
# gemm()'s time against `cm` improves by at least 0.5% in both pairs and the control set loses no
# more than 0.3% in either pair (scripts/arm_class_stats.py --ref cm). Predicted: +1-3% on the
# few-tile set, the control within 0.3%.
# Output: $OUT/smid_trial_s53.tgz.
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="base:1 s53:1 s53:2 base:2" gemm_arms_probe smid_trial_s53 "base s53:AUTOGEMM_EXP_S53=1" \
  bench/shapes/fewtile_longk32_s53.txt bench/shapes/offgrid_middle_s49.txt
