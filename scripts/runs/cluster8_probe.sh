#!/usr/bin/env bash
# Eight-CTA clusters (2x4, 4x2: cuBLASLt's on the middle off-grid shapes, notes item 98) on the
# unaligned-K shapes of cluster4_unaligned_probe.sh and a few aligned ones, against the default
# sweep (which holds the 2x2 and 4x1 winners). Runs ON the device. Output: $OUT/cluster8.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} spec_bench cluster8 \
  "299_8536_6984 4896_352_7480 6907_208_4312 146_12584_1576 256_8192_8200 131_14832_4592 \
   10807_64_4936 4096_4096_4104 6907_208_4288 1024_1024_12288 4096_4096_4096 16384_16384_4096" \
  sweep 128x256x64_s4_c2x4_coop_persist_r8m_etma 128x256x64_s4_c4x2_coop_persist_r8n_etma \
  256x128x64_s4_c2x4_coop_persist_r8m_etmar 256x128x64_s4_c4x2_coop_persist_r8m_etmar \
  128x128x64_s6_c2x4_coop_persist_r8m_etma 128x128x64_s6_c4x2_coop_persist_r8m_etma \
  128x192x64_s4_c2x4_pp_persist_r8m_etmar 192x192x64_s3_c2x4_wg3_persist_r8m_etmat_lag0 \
  128x256x64_s4_c2x4_coop_persist_r8m_etma_sk 128x128x64_s5_c4x2_pp_persist_r8m_etma
