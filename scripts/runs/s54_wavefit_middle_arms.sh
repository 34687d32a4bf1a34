#!/usr/bin/env bash
# ON the device (session 54, experiment S54B; CLI-only pack): gemm() with and without the
# large class's wave-filling candidate in the trials of upper-middle problems (AUTOGEMM_EXP_S54B=1:
# 2MNK from 1e10 to 1e11, not decode-like), on 40 fresh such shapes where the switch adds one
# (bench/shapes/upper_middle_wavefit40_s54.txt, chosen offline with `autogemm dispatch`: 114 of
# 398 upper-middle shapes of the draw get one), four processes in mirror order (base, wfm, wfm,
# base), each with the cost model's first pick `cm` beside `auto` (gemm_arms_probe).
# Why: the tuner's best on 405x6160x15112 (h200_fresh_s53's weakest middle shape, 0.94x) was a
# 192x104 c1x2 swap tile that fills one wave exactly, 6.7% faster than gemm()'s pick; the switch
# adds its s6 sibling there. In the large class the candidate gained 0.4-1.3% where added
# (h200_wave_fit_s44).
# Rule, set before the run: ship (switch removed, candidate on) if gemm()'s geomean against `cm`
# gains >= 0.5% in both pairs. Predicted: +0.5-1.5%.
# Read: python3 scripts/arm_pick_split.py DIR base wfm 2 cm REGEX bench/shapes/upper_middle_wavefit40_s54.txt
# Result (notes 397, h200_wavefit_middle_s54): +0.02% / -0.23% against `cm`: not met; the switch
# was reverted (23be160).
# Output: $OUT/s54_wavefit_middle_arms.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-base:1 wfm:1 wfm:2 base:2}" gemm_arms_probe s54_wavefit_middle_arms \
  "base wfm:AUTOGEMM_EXP_S54B=1" bench/shapes/upper_middle_wavefit40_s54.txt
