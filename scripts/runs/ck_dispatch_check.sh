#!/usr/bin/env bash
# The shipped cost model's picks that became cluster split-K specs once the sweep held them, on
# six shapes outside the shipped table, against the pick it would make without them (its best
# ranked non-ck spec: `autogemm db rank --top 8`), interleaved with cuBLASLt-autotune, kernel
# mode. Runs ON the device. Output: $OUT/ck_dispatch.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
spec_bench ck_dispatch \
  "3_1192_512 17_6960_128 17_984_2048 64_1360_1024 64_3808_2048 128_1104_2048" \
  64x32x64_s8_c1x1_wg1_tiles_r8m_ck8_swap 64x16x64_s6_c1x1_wg1_persist_r8m_etmar \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck2_swap 64x128x64_s3_c1x1_wg1_persist_r8m_etmat \
  64x64x64_s8_c1x1_wg1_persist_r8m_sk12_swap 64x64x64_s8_c1x1_wg1_tiles_r8m_ck4 \
  64x16x128_s4_c1x1_wg1_persist_r8m_etmar_acc2 64x32x128_s6_c1x1_wg1_persist_r8m_etmar_lag2
