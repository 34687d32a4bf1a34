#!/usr/bin/env bash
# More cluster split-K variants (narrow 64x32, bk 128, fewer stages, two accumulator sets, lag 2,
# 64x128 swap-AB, 128x64 cooperative, ck2 without swap) against the whole default sweep on the 21
# oracle100 shapes with at most 33 tiles of 64x64 and K >= 1024, interleaved with
# cuBLASLt-autotune nn and tn, kernel mode. Runs ON the device. Output: $OUT/ck_family.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
spec_bench ck_family \
  "64_64_1024 64_256_4096 64_256_12288 64_512_1024 64_1024_2048 64_1024_4096 64_1024_16384 \
   128_64_2048 128_128_2048 128_128_4096 128_128_8192 128_128_16384 128_256_16384 256_64_4096 \
   256_64_16384 256_128_1024 256_512_12288 512_64_16384 512_256_1024 1024_64_1024 2048_64_4096" \
  sweep 64x32x64_s8_c1x1_wg1_tiles_r8m_ck8 64x32x64_s8_c1x1_wg1_tiles_r8m_ck4 \
  64x32x64_s8_c1x1_wg1_tiles_r8m_ck8_swap 64x64x128_s4_c1x1_wg1_tiles_r8m_ck8 \
  64x64x128_s4_c1x1_wg1_tiles_r8m_ck4 64x64x64_s4_c1x1_wg1_tiles_r8m_ck8 \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_acc2 64x64x64_s8_c1x1_wg1_tiles_r8m_ck2 \
  64x128x64_s6_c1x1_wg1_tiles_r8m_ck8_swap 128x64x64_s6_c1x1_coop_tiles_r8m_ck4 \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_nopdl 64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_lag2
