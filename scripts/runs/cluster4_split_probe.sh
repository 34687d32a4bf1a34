#!/usr/bin/env bash
# Four-CTA clusters in one wave for the few-tile long-K losers (notes item 91): 128x128 coop and
# 64x128 wg1 tiles in 2x2, 4x1 and 1x4 clusters, split with a reduction pass into as many pieces
# as keep every cluster resident (30 four-CTA clusters fit on an H200), so each CTA reads a half
# (2x2) or a quarter plus a whole (4x1, 1x4) of its operands from L2 instead of one and a half
# (2x1). Also two-piece 128x128 2x1 / 1x2 for 1024x1024x12288. Against the default sweep,
# interleaved with cuBLASLt-autotune nn and tn, kernel mode. Runs ON the device.
# Output: $OUT/cluster4_split.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
spec_bench cluster4_split \
  "512_512_16384 256_512_12288 256_1024_16384 1024_512_16384 1024_1024_12288 128_2048_8192 \
   1024_1024_16384 64_1024_16384 128_128_16384 512_1024_8192" \
  sweep \
  128x128x64_s6_c2x2_coop_tiles_r8m_skp3 128x128x64_s6_c2x2_coop_tiles_r8m_skp6 \
  128x128x64_s6_c2x2_coop_tiles_r8m_skp7 128x128x64_s6_c2x2_coop_tiles_r8m_skp15 \
  128x128x64_s6_c4x1_coop_tiles_r8m_skp7 128x128x64_s6_c1x4_coop_tiles_r8m_skp7 \
  128x128x64_s6_c1x4_coop_tiles_r8m_skp3 64x128x64_s8_c2x2_wg1_tiles_r8m_skp3 \
  64x128x64_s8_c2x2_wg1_tiles_r8m_skp7 64x128x64_s8_c4x1_wg1_tiles_r8m_skp3 \
  64x128x64_s8_c1x4_wg1_tiles_r8m_skp7 128x128x64_s6_c2x1_coop_tiles_r8m_skp2 \
  128x128x64_s6_c1x2_coop_tiles_r8m_skp2 128x256x64_s4_c2x2_coop_tiles_r8m_skp7
