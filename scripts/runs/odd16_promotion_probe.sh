#!/usr/bin/env bash
# The L2 promotion of the operand maps on rows at an odd multiple of 16 bytes (session 32), ON the
# device: six specs (gemm()'s picks in h200_odd16_s32's K twins) on six fresh shapes with K as
# drawn (odd16) and K + 8 (32-byte sectors), processes alternating AUTOGEMM_L2_PROMOTION unset
# (shipped: 128 B off the lines, 256 B on them), none and 64, PAIRS rounds (default 1).
# Output: $OUT/promo/.
source "$(dirname "$0")/spec_bench.sh"
d="${OUT:-/tmp/promo}/promo"
record_machine "$d" > /dev/null
shapes="2283_2432_1544 2283_2432_1552 14839_264_3688 14839_264_3696 372_3824_2776 372_3824_2784
3675_736_2792 3675_736_2800 1929_7608_3656 1929_7608_3664 16_5680_2056 16_5680_2064"
OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms "shipped none:AUTOGEMM_L2_PROMOTION=none b64:AUTOGEMM_L2_PROMOTION=64" \
  "$shapes" 64x16x64_s8_c1x1_wg1_persist_r8m_swap 128x96x64_s8_c2x4_coop_persist_r8m_swap \
  192x64x64_s6_c2x4_wg3_persist_r8m_etmar 128x256x64_s4_c2x2_coop_persist_r8n_etma \
  192x224x64_s3_c1x1_coopn_persist_r8m_etmar 128x144x64_s5_c2x2_pp_persist_r8m_etmar
