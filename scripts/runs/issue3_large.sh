#!/usr/bin/env bash
# Issue 3's measurements, run ON the device (docs/DEVICE.md): the GPU tests, cold NVRTC compile
# times of the default sweep, the host overhead of a gemm() call, and the large-shape sweeps
# (key3: the three headline shapes with more rounds; large187: every grid shape >= 1e11 flops),
# TESTS=--no-tests skips the GPU tests, SKIP_JIT=1 the compile-time and overhead measurements;
# autogemm specs interleaved with cuBLAS and cuBLASLt-autotune in both B layouts.
set -euo pipefail
cd "$(dirname "$0")/../.."

tails=(
  128x192x64_s4_c2x1_pp_persist_r8m_etmar
  128x192x64_s4_c1x1_pp_persist_r8m_etmar
  128x192x64_s4_c1x2_pp_persist_r8m_etmar
  128x176x64_s4_c2x1_pp_persist_r8m_etmar
  128x192x64_s4_c2x1_pp_persist_r8n_etmar
  128x192x64_s4_c2x1_pp_persist_r16m_etmar
  128x192x64_s4_c1x1_pp_persist_r8n_etmar
  128x176x64_s4_c1x1_pp_persist_r8m_etmar
  128x176x64_s4_c1x2_pp_persist_r8m_etmar
  128x256x64_s4_c1x1_coop_persist_r8m_etma_sk_lag0
  256x128x64_s4_c1x2_coop_persist_r8m_etmar
  128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0
  128x256x64_s4_c2x1_coop_persist_r8m_etma
  128x256x64_s4_c2x1_coop_persist_r8n_etma
  128x256x64_s3_c2x1_coop_persist_r8m_etmat
  128x256x64_s3_c2x1_coop_persist_r8n_etmat
  128x256x64_s4_c1x2_coop_persist_r8m_etma
  256x128x64_s4_c1x2_coop_persist_r8m_etma
  128x256x64_s4_c1x1_coop_persist_r8m_etma_sk
  128x256x64_s3_c1x1_coop_persist_r8m_etmat_sk
  256x128x64_s4_c1x1_coop_persist_r8m_etma_sk
  128x192x64_s4_c2x1_coop_persist_r8m_etma
  128x128x64_s5_c2x1_pp_persist_r8m_etmat
  128x128x64_s5_c1x2_pp_persist_r8m_etmat
  128x128x64_s5_c1x1_pp_persist_r8m_etmat
  128x256x64_s4_c2x1_coop_persist_r8m_etma_sk
  256x128x64_s4_c1x2_coop_persist_r8m_etma_sk
)
# bn 176 is a tn-only tile (nn loads B in 64-column chunks).
specs() {
  for t in "${tails[@]}"; do
    [[ "$1" == nn && "$t" == *x176x* ]] && continue
    printf -- ' --spec sm90_f16f32_%s_%s' "$1" "$t"
  done
}
base='--mode kernel --methods cublas_nn,cublas_tn,cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'

jit=(cmd_prebuild_cold 'prebuild --spec sweep --layout both --cache-dir /tmp/autogemm-cold-cache'
     cmd_overhead 'overhead --spec sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma --out @OUT@/h200_overhead.csv')
[ -n "${SKIP_JIT:-}" ] && jit=()  # SKIP_JIT=1: only the benchmarks
exec bash scripts/device_job.sh ${TESTS:-} "${jit[@]}" \
  h200_key3_tn "--shapes bench/shapes/key3.txt $base --rounds 15 $(specs tn)" \
  h200_key3_nn "--shapes bench/shapes/key3.txt $base --rounds 15 $(specs nn)" \
  h200_large187_tn "--shapes bench/shapes/large187.txt $base $(specs tn)" \
  "$@"
