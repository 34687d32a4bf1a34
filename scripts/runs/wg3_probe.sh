#!/usr/bin/env bash
# Three consumer warpgroups on a 192x192 tile (the most MMA work per byte loaded) against the
# best cooperative and ping-pong specs, on short-K shapes and the headline shapes;
# with cuBLASLt-autotune.
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=(
  128x256x64_s3_c2x1_coop_persist_r8m_etmat
  128x128x64_s5_c2x1_pp_persist_r8m_etmat
  192x192x64_s4_c2x1_wg3_persist_r8m
  192x192x64_s3_c2x1_wg3_persist_r8m_etma
  192x192x64_s3_c2x1_wg3_persist_r8m_etmat
  192x192x64_s3_c2x1_wg3_persist_r8n_etmat
  192x192x64_s3_c1x2_wg3_persist_r8m_etmat
  192x192x64_s4_c1x1_wg3_persist_r8m
  192x192x64_s3_c1x1_wg3_persist_r8m_etmat_sk
)
specs() { for t in "${tails[@]}"; do printf -- ' --spec sm90_f16f32_%s_%s' "$1" "$t"; done; }
base='--mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  h200_wg3_probe_tn "--shapes bench/shapes/probe_small_k.txt $base --rounds 9 $(specs tn)" "$@"
