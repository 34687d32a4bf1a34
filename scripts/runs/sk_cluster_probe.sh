#!/usr/bin/env bash
# Split-K / stream-K with clusters (multicast) and fixed split counts on the middle-class shapes
# (1e8-1e11 flops) where oracle100 loses to cuBLASLt-autotune: small M or N with long K, where
# the loads from L2 (each operand re-read once per tile row or column) bound the mainloop.
# Runs ON the device; the GPU sweep test (which covers clustered stream-K specs) runs first
# unless TESTS says otherwise (e.g. TESTS=--no-tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=()
for c in c1x1 c2x1 c1x2; do
  for sk in sk4 sk8; do tails+=("128x128x64_s4_${c}_coop_persist_r8m_etma_$sk"); done
  for sk in sk4 sk8 sk16; do tails+=("64x128x64_s6_${c}_wg1_persist_r8m_etma_$sk"); done
done
tails+=(128x128x64_s4_c1x1_coop_persist_r8m_etma_sk 64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk)
for c in c1x1 c2x1; do
  for sk in sk4 sk8; do tails+=("64x256x64_s4_${c}_wg1_persist_r8m_etma_$sk"); done
done
tails+=(128x256x64_s4_c1x2_coop_persist_r8m_etma_sk4 128x256x64_s4_c2x1_coop_persist_r8m_etma_sk4
        128x256x64_s4_c2x1_coop_persist_r8m_etma_sk)
for c in c1x1 c2x1 c2x2; do
  for sk in sk4 sk8 sk12; do tails+=("64x64x64_s8_${c}_wg1_persist_r8m_etma_$sk"); done
done
tails+=(64x32x64_s8_c1x1_wg1_persist_r8m_sk12_swap 64x32x64_s8_c2x1_wg1_persist_r8m_sk12_swap
        64x32x64_s8_c1x2_wg1_persist_r8m_sk12_swap 64x64x64_s8_c1x1_wg1_persist_r8m_sk12_swap
        64x64x64_s8_c2x1_wg1_persist_r8m_sk12_swap)
specs=""
for t in "${tails[@]}"; do specs="$specs --spec sm90_f16f32_tn_$t"; done
shapes=""
for s in 128_2048_8192 512_512_16384 512_1024_4096 64_4096_4096 256_1024_16384 512_64_16384 \
         64_1024_16384 16384_64_512 256_512_12288 128_256_16384 1024_512_16384 128_128_16384 \
         256_2048_2048 1024_1024_16384 2048_128_16384 1024_1024_12288; do
  shapes="$shapes --mnk $s"
done
test_args=(--ctest "-R Sweep")
[ -n "${TESTS:-}" ] && read -ra test_args <<< "$TESTS"
exec bash scripts/device_job.sh "${test_args[@]}" \
  h200_sk_cluster_probe_tn "$shapes --mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --layout tn $specs" \
  "$@"
