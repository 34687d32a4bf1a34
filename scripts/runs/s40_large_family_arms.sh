#!/usr/bin/env bash
# Prepared in session 39, run in session 40 (h200_large_family_s40.md: no gain; the switch is removed), ON the device (an H200): the large class's trial families
# from the re-tuned table. gemm()'s trial for a large problem times the model's top half, then
# kLargeFamilies (timed_choice.cpp: 128x192 ping-pong 2x1 and 1x1, 256x128 cooperative 1x2); since
# the re-tunes without the early trigger the H200 table's large picks are mostly 128x192 ping-pong
# and 128x256 cooperative tiles without a cluster (131 of 187; the 256x128 1x2 is the pick of 2).
# Arm `lf` (host switch AUTOGEMM_EXP_S40=1) times the table's three most frequent large picks
# instead. Predicted: +0.5-1.5% on held-out large shapes (h200_large_offgrid_s27: the best of the
# model's pick and the families read 1.017x, the model's pick 0.995x). gemm()'s pick, processes
# alternating, PAIRS rounds (default 2), on large_offgrid32_s27 (held out from the model's
# training) and the fresh large_offgrid30_s40. Compare raw times per pair (arm / off), as
# h200_few_tile_s39.md did.
# Output: $OUT/s40_large_family.tgz
source "$(dirname "$0")/spec_bench.sh"
BENCH_TIMEOUT=280 gemm_arms_probe s40_large_family "off lf:AUTOGEMM_EXP_S40=1" \
  bench/shapes/large_offgrid32_s27.txt bench/shapes/large_offgrid30_s40.txt
