#!/usr/bin/env bash
# Run in session 47 and its switch removed (h200_s47_defer_family_s47: neither arm met the rule;
# the switch's diff is in that file). As it stands it would time three identical arms.
# Session 47 (notes 334), ON an H200 (~3-5 min; carry the CLI-only pack): gemm()'s pick with the
# shipped trial (arm base) against experiment S47 (switch AUTOGEMM_EXP_S47 in
# src/runtime/timed_choice.cpp): on problems with K <= 4096, 2MNK >= 1e10 and at least two waves
# of 128x256 tiles, `swap` puts the cooperative deferred-store family (128x256x128 s2 c1x1 r8m
# etma lag0 defer) in the trial in place of the 256x128 c1x2 family (large) or after the first
# half of the model's ranking (middle); `add` appends it beyond the count. On 48 fresh off-grid
# shapes (bench/shapes/defer_family48_s47.txt: 24 large, 24 middle), processes in mirror order,
# `cm` (the model's untimed first pick) beside gemm() in every process.
# Why: that family won 48 of 198 short-K table entries this session by 2.0-2.7% on those
# (h200_defer_twin_s47, h200_coop_defer_short_k_s47, _raster_s47, _middle_s47); gemm()'s trial,
# which serves every shape off the table, never times it (the sweep leaves defer out).
# Rule, fixed now: an arm ships if the 48 shapes gain >= 0.3% against `cm` in both pairs
# (scripts/arm_class_stats.py --ref cm DIR base ARM 2 bench/shapes/defer_family48_s47.txt);
# `swap` wins a tie (no longer first call); neither: remove the switch.
# Predicted: swap +0.3-0.8%, add +0.4-1.0% (middle more than large).
# Output: $OUT/s47_defer_family.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-swap:1 base:1 add:1 add:2 base:2 swap:2}" BENCH_TIMEOUT=300 \
  gemm_arms_probe s47_defer_family "base swap:AUTOGEMM_EXP_S47=swap add:AUTOGEMM_EXP_S47=add" \
  bench/shapes/defer_family48_s47.txt
