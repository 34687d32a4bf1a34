#!/usr/bin/env bash
# Four-CTA clusters on rows off the 128-byte lines (notes item 96): if TMA's second request per
# unaligned row is what costs the sweep's best 20-30% there, the multicast of 2x2, 4x1 and 1x4
# clusters (a quarter to a half of the requests per CTA) should cost less than the 0.82x they run
# at on aligned large shapes (h200_cluster4_key3_tn). The k_align_probe.sh shapes, against the
# sweep. Runs ON the device. Output: $OUT/cluster4_unaligned.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} spec_bench cluster4_unaligned \
  "299_8536_6984 299_8536_6976 4896_352_7480 4896_352_7424 6907_208_4312 6907_208_4288 \
   146_12584_1576 256_8192_8200 256_8192_8192 4096_4096_4104 131_14832_4592 10807_64_4936" \
  sweep 128x256x64_s4_c2x2_coop_persist_r8n_etma 256x128x64_s4_c2x2_coop_persist_r8m_etmar \
  128x256x64_s4_c4x1_coop_persist_r8n_etma 256x128x64_s4_c1x4_coop_persist_r8m_etmar \
  128x128x64_s6_c2x2_coop_persist_r8m_etma 128x128x64_s5_c2x2_pp_persist_r8m_etma \
  128x192x64_s4_c2x2_pp_persist_r8m_etmar 192x192x64_s3_c2x2_wg3_persist_r8m_etmat_lag0 \
  128x256x64_s4_c2x2_coop_persist_r8m_etma_sk 256x128x64_s4_c2x2_coop_persist_r8m_etma_sk \
  128x128x64_s6_c4x1_coop_persist_r8m_etma 128x128x64_s6_c1x4_coop_persist_r8n_etma
