#!/usr/bin/env bash
# Session 44, ON the device (an H200, one call of ~1-2 min): experiment S44C (timed_choice.cpp,
# AUTOGEMM_EXP_S44C=1): the wave-filling candidate of a large-class trial drawn from 1- and 2-CTA
# cluster specs only. In h200_wave_fit_s44's trials the added spec ran 2% or more faster than the
# trial's best other on 8 of 29 shapes with a 2-CTA cluster and 0 of 7 with 4 or 8 CTAs. Shapes:
# bench/shapes/large_wavefit_c2_s44.txt (19 fresh ones where the candidate changes). Arms: base
# (the shipped rule) and c2 (the switch on), three pairs, order c2_1, base_1, base_2, c2_2,
# c2_3, base_3; every process also times `cm`, the shipped cost model's untimed first pick.
# Rule, fixed before the run: ship if gemm()'s time against `cm`, c2 over base, gains >= 0.3%
# pooled over the 19 shapes and three pairs and loses no more than 0.3% in any pair. Predicted:
# the 2-CTA candidate wins about a quarter of the trials at 3-4%: +0.5-1% pooled.
# Output: $OUT/s44_wave_fit_c2.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="c2:1 base:1 base:2 c2:2 c2:3 base:3" BENCH_TIMEOUT=300 gemm_arms_probe \
  s44_wave_fit_c2 "base c2:AUTOGEMM_EXP_S44C=1" bench/shapes/large_wavefit_c2_s44.txt
