#!/usr/bin/env bash
# Releasing a stage as soon as its MMAs complete (lag0: a deeper effective ring) against one
# k-block of MMAs in flight (default), across tile shapes, on short-K and headline shapes;
# with cuBLASLt-autotune.
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=(
  128x256x64_s3_c2x1_coop_persist_r8m_etmat
  128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0
  128x256x64_s4_c2x1_coop_persist_r8m_etma
  128x256x64_s4_c2x1_coop_persist_r8m_etma_lag0
  128x128x64_s5_c2x1_pp_persist_r8m_etmat
  128x128x64_s5_c2x1_pp_persist_r8m_etmat_lag0
  192x192x64_s3_c2x1_wg3_persist_r8m_etmat_lag0
  192x192x64_s4_c2x1_wg3_persist_r8m_lag0
  128x256x64_s4_c1x1_coop_persist_r8m_etma_sk_lag0
)
specs() { for t in "${tails[@]}"; do printf -- ' --spec sm90_f16f32_%s_%s' "$1" "$t"; done; }
base='--mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  h200_lag_probe_tn "--shapes bench/shapes/probe_small_k.txt $base --rounds 9 $(specs tn)" "$@"
