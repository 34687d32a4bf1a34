#!/usr/bin/env bash
# Second round of cluster4_split_probe.sh (notes item 91): the 4x1 cluster of 64x128 tiles won on
# 512x512x16384 and 256x1024x16384 (three pieces, 24 clusters); its neighbours in pieces, stages
# and raster, and the same idea with other tiles (64x256 4x1, 64x64 4x1, 128x128 4x1, 128x64
# coop 1x4), against the default sweep. Runs ON the device. Output: $OUT/cluster4_split2.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
spec_bench cluster4_split2 \
  "512_512_16384 256_512_12288 256_1024_16384 1024_512_16384 1024_1024_12288 128_2048_8192 \
   64_1024_16384 512_1024_16384" \
  sweep \
  64x128x64_s8_c4x1_wg1_tiles_r8m_skp2 64x128x64_s8_c4x1_wg1_tiles_r8m_skp3 \
  64x128x64_s8_c4x1_wg1_tiles_r1m_skp3 64x128x64_s9_c4x1_wg1_tiles_r8m_skp3 \
  64x128x64_s8_c4x1_wg1_tiles_r8m_skp7 64x256x64_s5_c4x1_wg1_tiles_r8m_skp7 \
  128x64x64_s8_c1x4_coop_tiles_r8m_skp3 64x64x64_s8_c4x1_wg1_tiles_r8m_skp3 \
  128x128x64_s6_c4x1_coop_tiles_r8m_skp3 64x128x64_s8_c4x1_wg1_persist_r8m_etma
