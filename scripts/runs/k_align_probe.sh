#!/usr/bin/env bash
# Does a row pitch that is not a multiple of 128 bytes (K % 64 != 0 in tn) cost our kernel more
# than cuBLASLt? Off-grid shapes where the sweep's best ran at 0.69-0.80x of cuBLASLt-autotune
# (h200_offgrid_dispatch_tn), each beside the same shape with K rounded to a multiple of 64, and
# two aligned grid shapes beside K + 8; the default sweep plus bk-32 (64-byte box rows) twins of
# the winners there. Runs ON the device. Output: $OUT/k_align.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
spec_bench k_align \
  "299_8536_6984 299_8536_6976 4896_352_7480 4896_352_7424 6907_208_4312 6907_208_4288 \
   146_12584_1576 146_12584_1536 256_8192_8192 256_8192_8200 4096_4096_4096 4096_4096_4104" \
  sweep \
  192x192x32_s6_c2x1_wg3_persist_r8m_etmat_lag0 256x128x32_s8_c1x2_coop_persist_r8m_etma_sk \
  128x256x32_s8_c2x1_coop_persist_r8m_etma 256x128x32_s8_c1x2_coop_persist_r8m_etma \
  128x192x32_s8_c2x1_pp_persist_r8m_etmar
