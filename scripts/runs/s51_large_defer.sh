#!/usr/bin/env bash
# ON the device (session 51; CLI-only pack): the deferred store (`_defer`: C staged under the next
# tile's MMAs) and its plain twins on the large fresh shapes where gemm() read below cuBLASLt
# (bench/shapes/large_losers8_s51.txt), against cuBLASLt-autotune nn/tn, one process.
# Output: $OUT/s51_large_defer/ (kept as bench/results/h200/h200_fresh_s51/defer/).
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out s51_large_defer)"
OUT="$d" REPS=1 BENCH_TIMEOUT=400 spec_bench_reps large_defer "$(grep -v '^#' bench/shapes/large_losers8_s51.txt)" \
  128x256x128_s2_c1x1_coop_persist_r4m_etma_lag0_defer 128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0_defer \
  128x256x64_s4_c1x1_coop_persist_r8m_etma_defer 128x256x64_s4_c2x1_coop_persist_r8m_etma_defer \
  256x128x64_s4_c1x2_coop_persist_r8m_etma_defer 256x128x64_s4_c1x1_coop_persist_r8m_etma_defer \
  128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0_defer 256x128x64_s3_c1x2_coop_persist_r8m_etmat_lag0_defer \
  128x256x128_s2_c2x1_coop_persist_r8m_etma_lag0_defer 128x256x64_s4_c1x1_coop_persist_r8m_etma \
  128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0 256x128x64_s4_c1x2_coop_persist_r8m_etma \
  128x192x64_s4_c2x1_pp_persist_r8m_etmar 192x192x64_s4_c2x1_coopn_persist_r8m_etmar
