#!/usr/bin/env bash
# The HBM-bound skinny shapes (N or M = 64-128, K long: one operand streams 0.2-0.5 GB) where the
# sweep trails cuBLASLt-autotune by 1-3% (h200_oracle100_s12c_tn; notes item 93). cuBLASLt runs
# our 128x64 tile with a 2x1 cluster there. Cooperative 128x64 with and without the cluster, bk
# 128, wg1 64x64/64x128 with multicast of the small operand, swap-AB, and non-persistent grids
# with two CTAs per SM (more bytes in flight), against the default sweep. Runs ON the device.
# Output: $OUT/skinny_stream.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
spec_bench skinny_stream \
  "16384_64_16384 8192_64_12288 8192_64_8192 64_8192_16384 64_16384_16384 12288_128_8192 \
   64_12288_16384" \
  sweep \
  128x64x64_s8_c2x1_coop_persist_r8m_etma 128x64x64_s8_c1x1_coop_persist_r8m_etma \
  128x64x128_s4_c2x1_coop_persist_r8m_etma 64x64x128_s4_c2x1_wg1_persist_r8m_etma \
  64x64x128_s6_c1x1_wg1_persist_r8m_etma 64x128x64_s8_c1x2_wg1_persist_r8n_etma \
  64x128x128_s4_c1x2_wg1_persist_r8n_etma 64x128x128_s4_c1x1_wg1_persist_r8m_etma \
  128x64x64_s8_c1x2_coop_persist_r8n_swap 128x64x64_s8_c2x1_coop_persist_r8m_swap \
  64x64x128_s4_c1x2_wg1_persist_r8n_etma 64x64x128_s3_c1x1_wg1_tiles_r8m_etma \
  64x64x64_s6_c1x1_wg1_tiles_r8m_etma
