#!/usr/bin/env bash
# Session 39, ON the device: a few-tile long-K family in gemm()'s trial. The model's top six seldom
# hold a split-pass spec without a cluster (h200_skp_twin_s38), yet 64x128 one-warpgroup ones beat
# cuBLASLt on 9 of h200_skp_fill_s38's 12 lines, up to 1.7x. Arm `ft` (host switch
# AUTOGEMM_EXP_S39=1, timed_choice.cpp) adds sm90_*_64x128x64_s8_c1x1_wg1_tiles_r8m_skpNp, N =
# SMs / its tiles within 2..8, after the model's top half where 128x128 tiles are under one wave
# and K >= 2048 (outside the large and decode-like classes); its plain twin comes with it
# (with_plain_launch_twins). gemm()'s pick, processes alternating, PAIRS rounds (default 2), on
# the fresh few_tile_long_k30_s39 and sessions 37-38's few_tile_long_k30 sets.
# Output: $OUT/s39_few_tile.tgz
# (Its switch AUTOGEMM_EXP_S39 was removed after the runs, h200_few_tile_s39: no gain; both arms
# now run the same code.)
source "$(dirname "$0")/spec_bench.sh"
BENCH_TIMEOUT=240 gemm_arms_probe s39_few_tile "off ft:AUTOGEMM_EXP_S39=1" \
  bench/shapes/few_tile_long_k30_s39.txt bench/shapes/few_tile_long_k30_s38.txt bench/shapes/few_tile_long_k30_s37.txt
