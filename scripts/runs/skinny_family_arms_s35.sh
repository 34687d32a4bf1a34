#!/usr/bin/env bash
# Session 35: swap-AB tiles whose bn covers M (64 and 128 rows over the weight) as trial
# candidates for memory-bound problems with M 65-256, through the switch AUTOGEMM_S35_SKINNY (at
# the commit that ran it only), against the trial without them: processes alternating, two
# pairs, on skinny_mem24_s35.txt (fresh) and five seen losers of h100_middle_l2_s35.
# ON the device, about 3 minutes. Output: $OUT/skinny.tgz
source "$(dirname "$0")/spec_bench.sh"
BENCH_TIMEOUT=300 gemm_arms_probe skinny "off skinny:AUTOGEMM_S35_SKINNY=1" \
  bench/shapes/skinny_mem24_s35.txt 68_10392_1776 173_2944_5816 141_5264_5384 149_4112_5024 159_4696_4232
