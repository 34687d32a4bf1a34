#!/usr/bin/env bash
# Cluster split-K over 16 CTAs (a non-portable cluster size) against the eight-piece specs and the
# stream-K specs that win these few-tile long-K shapes, interleaved with cuBLASLt-autotune nn and
# tn, kernel mode. Runs ON the device. Output: $OUT/ck16.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
spec_bench ck16 \
  "128_128_4096 128_128_8192 128_128_16384 128_256_16384 256_64_16384 512_64_16384 64_256_12288 \
   256_512_12288 64_1024_16384 128_64_2048 512_512_16384 128_2048_8192" \
  64x32x64_s8_c1x1_wg1_tiles_r8m_ck16 64x32x64_s8_c1x1_wg1_tiles_r8m_ck16_swap \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck16 64x64x64_s8_c1x1_wg1_tiles_r8m_ck16_swap \
  64x128x64_s6_c1x1_wg1_tiles_r8m_ck16 64x32x64_s6_c1x1_wg1_tiles_r8m_ck16 \
  64x32x64_s8_c1x1_wg1_tiles_r8m_ck16_nopdl 64x32x64_s8_c1x1_wg1_tiles_r8m_ck8 \
  64x32x64_s8_c1x1_wg1_tiles_r8m_ck8_swap 64x64x64_s8_c1x1_wg1_tiles_r8m_ck8 \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_nopdl 64x64x64_s8_c1x1_wg1_persist_r8m_sk4_swap \
  64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk4 64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk12
