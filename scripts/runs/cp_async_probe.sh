#!/usr/bin/env bash
# cp.async loads ("_cpa") against TMA on rows off the 128-byte lines (notes item 96): the
# k_align_probe.sh shapes (unaligned K beside K rounded to a multiple of 64) and more off-grid
# ones, the default sweep, and the sweep's winners there as cluster-1x1 twins with and without
# cp.async. Runs ON the device. Output: $OUT/cp_async.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
twins=()
for s in 128x256x64_s4_c1x1_coop_persist_r8m_etma 128x256x64_s4_c1x1_coop_persist_r8m_etma_sk \
  256x128x64_s4_c1x1_coop_persist_r8m_etma 256x128x64_s4_c1x1_coop_persist_r8m_etma_sk \
  192x192x64_s3_c1x1_wg3_persist_r8m_etmat_lag0 128x128x64_s6_c1x1_wg1_persist_r8m_etma \
  128x128x64_s5_c1x1_pp_persist_r8m_etma 128x192x64_s4_c1x1_pp_persist_r8m_etmar \
  128x128x64_s6_c1x1_coop_persist_r8m_etma_sk2 128x64x64_s8_c1x1_coop_persist_r8m_etma_sk2 \
  64x128x64_s8_c1x1_wg1_tiles_r8m_skp4 64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk; do
  twins+=("$s" "${s}_cpa")
done
AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} spec_bench cp_async \
  "${CPA_SHAPES:-299_8536_6984 299_8536_6976 4896_352_7480 4896_352_7424 6907_208_4312 \
   6907_208_4288 146_12584_1576 256_8192_8200 256_8192_8192 4096_4096_4104 4096_4096_4096 \
   1099_224_12104 10807_64_4936 3388_1400_2256 131_14832_4592 12573_9040_6280}" \
  sweep "${twins[@]}"
