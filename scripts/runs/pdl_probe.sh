#!/usr/bin/env bash
# Programmatic dependent launch (on by default; `nopdl` turns it off): each spec with and without
# it, interleaved with cuBLASLt-autotune, on shapes of every class. Kernel mode times loops of
# back-to-back calls, which is where PDL overlaps one call's launch and prologue with the
# previous call's tail.
# Runs ON the device; CTEST (default: the sweep tests) picks the GPU tests run first;
# TESTS=--no-tests skips them.
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=(64x8x64_s8_c1x1_wg1_persist_r8m_swap 64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap
       64x32x64_s8_c1x1_wg1_persist_r8m_sk12_swap 64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk12
       64x128x64_s6_c1x1_wg1_persist_r8m_etma 64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk4
       128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4 128x128x64_s4_c1x1_wg1_persist_r8m_etmat
       128x256x64_s4_c2x1_coop_persist_r8m_etma 128x192x64_s4_c1x1_pp_persist_r8m_etmar)
specs=""
for t in "${tails[@]}"; do specs="$specs --spec sm90_f16f32_tn_$t --spec sm90_f16f32_tn_${t}_nopdl"; done
shapes=""
for s in 64_64_64 64_4096_64 128_128_512 1024_1024_1024 128_128_16384 256_2048_2048 \
         512_512_16384 16384_64_512 1_5120_5120 16_5120_13824 4096_4096_4096 12288_12288_128; do
  shapes="$shapes --mnk $s"
done
test_args=(--ctest "${CTEST:--R Sweep}")
[ -n "${TESTS:-}" ] && read -ra test_args <<< "$TESTS"
exec bash scripts/device_job.sh "${test_args[@]}" \
  h200_pdl_probe_tn "$shapes --mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --layout tn $specs" \
  "$@"
