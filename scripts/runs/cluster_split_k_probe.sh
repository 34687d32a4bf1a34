#!/usr/bin/env bash
# Cluster split-K (the `ckN` specs: a tile's k-blocks over N CTAs of one cluster, partials summed
# through distributed shared memory) against the split-K and stream-K specs that were the
# oracle's best on its few-tile long-K losers (h200_oracle100_fp16_s9_tn), interleaved with
# cuBLASLt-autotune nn and tn, kernel mode. Runs ON the device. Output:
# $OUT/cluster_split_k.{csv,log}. SHAPES="M_N_K ..." overrides the shapes.
source "$(dirname "$0")/spec_bench.sh"
spec_bench cluster_split_k \
  "256_512_12288 512_512_16384 128_2048_8192 256_1024_16384 1024_512_16384 64_4096_4096 \
   512_64_16384 2048_128_16384 1024_1024_12288 1024_1024_16384 64_8192_16384 128_128_16384" \
  64x128x64_s6_c1x1_wg1_tiles_r8m_ck2 64x128x64_s6_c1x1_wg1_tiles_r8m_ck4 \
  64x128x64_s6_c1x1_wg1_tiles_r8m_ck8 128x128x64_s4_c1x1_coop_tiles_r8m_ck2 \
  128x128x64_s4_c1x1_coop_tiles_r8m_ck4 128x128x64_s4_c1x1_coop_tiles_r8m_ck8 \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck4 64x64x64_s8_c1x1_wg1_tiles_r8m_ck8 \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck2_swap 64x64x64_s8_c1x1_wg1_tiles_r8m_ck4_swap \
  64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_swap 64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk4 \
  64x128x64_s6_c2x1_wg1_persist_r8m_etma_sk4 64x64x64_s8_c1x1_wg1_persist_r8m_sk4_swap \
  128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4 64x32x128_s6_c1x1_wg1_persist_r8m_etmar_lag2 \
  64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk12 64x128x64_s8_c1x2_wg1_persist_r1n_etma \
  128x128x64_s6_c1x2_coop_persist_r8m_etma_sk2
