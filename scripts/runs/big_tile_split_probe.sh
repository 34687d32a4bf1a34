#!/usr/bin/env bash
# The few-tile long-K losers with bigger tiles split further: 128x128 and 128x256 tiles (half or
# a third of the L2 traffic per flop of the 64x64 and 64x128 tiles the oracle picks there) split
# 4-32 ways, with and without multicast, each piece a slice of the reduction (aligned split-K)
# from SPLIT_MIN pieces on (default 12; AUTOGEMM_ALIGNED_SPLIT_MIN). Interleaved with
# cuBLASLt-autotune nn and tn, kernel mode. Runs ON the device. Output: $OUT/$NAME.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-big_tile_split}"
export AUTOGEMM_JIT_DEFINES="AUTOGEMM_ALIGNED_SPLIT_MIN=${SPLIT_MIN:-12}"
spec_bench "$name" \
  "256_512_12288 512_512_16384 128_2048_8192 256_1024_16384 1024_512_16384 64_4096_4096" \
  128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4 128x128x64_s4_c1x1_coop_persist_r8m_etma_sk8 \
  128x128x64_s4_c1x1_coop_persist_r8m_etma_sk16 128x128x64_s6_c1x1_coop_persist_r8m_etma_sk16 \
  128x128x64_s4_c2x1_coop_persist_r8m_etma_sk8 128x128x64_s4_c2x1_coop_persist_r8m_etma_sk16 \
  128x128x64_s4_c1x2_coop_persist_r8m_etma_sk16 128x256x64_s4_c1x1_coop_persist_r8m_etma_sk16 \
  128x256x64_s4_c2x1_coop_persist_r8m_etma_sk16 128x256x64_s4_c1x1_coop_persist_r8m_etma_sk32 \
  128x128x128_s3_c1x1_coop_persist_r8m_etma_sk16 64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk8 \
  64x64x64_s8_c1x1_wg1_persist_r8m_sk4_swap 64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk4
