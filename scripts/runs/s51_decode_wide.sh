#!/usr/bin/env bash
# ON the device (session 51; CLI-only pack): decode's M = 16-48 rows with 256-row weight tiles
# (swap-AB: each activation tile re-read by half as many weight tiles) and 2x1 clusters (two weight
# tiles share one activation tile by multicast), against gemm()'s picks in h200_acceptance_s50
# and cuBLASLt-autotune, two processes. At M = 48 the 5120 x 13824 weight streams at 3.45 TB/s
# against 3.8 at M = 1; the activation tiles (6 KB a k-block beside the weight's 16 KB) re-read by
# 40 weight tiles are the predicted cost. Predicted: 256x48 / 128x48 c2x1 1-2 us faster at M = 48.
# Output: $OUT/s51_decode_wide/.
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out s51_decode_wide)"
OUT="$d" REPS=2 spec_bench_reps decode_wide \
  "16_5120_13824 32_5120_13824 48_5120_13824 32_13824_5120 48_13824_5120 48_5120_5120" \
  256x48x64_s5_c1x1_coop_tiles_r8m_skp6_swap 256x48x64_s5_c1x1_coop_tiles_r8m_skp6l_swap \
  256x48x64_s5_c1x1_coop_tiles_r8m_skp3_swap 256x32x64_s6_c1x1_coop_tiles_r8m_skp6l_swap \
  256x32x64_s6_c1x1_coop_tiles_r8m_skp6_swap 128x48x64_s8_c2x1_coop_tiles_r8m_skp3_swap \
  128x48x64_s8_c2x1_coop_tiles_r8m_skp3l_swap 128x32x64_s8_c2x1_coop_tiles_r8m_skp3l_swap \
  256x48x64_s5_c1x1_coop_tiles_r8m_skp2_swap 256x48x64_s5_c1x1_coop_persist_r8m_swap \
  256x16x64_s6_c1x1_coop_tiles_r8m_skp6l_swap 256x48x128_s2_c1x1_coop_tiles_r8m_skp6l_swap \
  128x48x64_s8_c1x1_coop_tiles_r8m_skp3_swap_fix48x5120x13824 128x32x64_s8_c1x1_coop_tiles_r8m_skp3l_swap \
  64x112x64_s8_c1x2_wg1_persist_r8m_etmar 128x32x64_s8_c1x1_coop_persist_r8m_swap \
  64x48x64_s8_c1x1_wg1_persist_r8m_swap 128x16x64_s8_c1x1_coop_tiles_r8m_skp3l_swap_pf4 \
  128x48x64_s8_c1x1_coop_tiles_r8m_skp3l_swap
gzip -f "$d"/*.csv "$d"/*.log
