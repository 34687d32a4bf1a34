#!/usr/bin/env bash
# Epilogue variants (direct, TMA double-buffered, TMA whole tile) on shapes where the epilogue
# matters (short K) and on the headline shapes; interleaved with cuBLASLt-autotune.
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=(
  128x256x64_s4_c2x1_coop_persist_r8m_etma
  128x256x64_s3_c2x1_coop_persist_r8m_etmat
  128x256x64_s3_c2x1_coop_persist_r8n_etmat
  256x128x64_s3_c1x2_coop_persist_r8m_etmat
  256x128x64_s3_c2x1_coop_persist_r8m_etmat
  128x256x64_s3_c1x1_coop_persist_r8m_etmat_sk
  256x128x64_s3_c1x1_coop_persist_r8m_etmat_sk
  128x128x64_s4_c2x1_coop_persist_r8m_etmat
  128x128x64_s4_c1x1_coop_persist_r8m_etmat_sk
)
specs() { for t in "${tails[@]}"; do printf -- ' --spec sm90_f16f32_%s_%s' "$1" "$t"; done; }
base='--mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  h200_epilogue_probe_tn "--shapes bench/shapes/probe_small_k.txt $base --rounds 9 $(specs tn)" "$@"
