#!/usr/bin/env bash
# Epilogue-bound structure: cooperative with the TMA epilogues vs ping-pong (one warpgroup's
# epilogue under the other's MMAs), on short-K shapes and the headline shapes; interleaved
# with cuBLASLt-autotune.
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=(
  128x256x64_s4_c2x1_coop_persist_r8m_etma
  128x256x64_s3_c2x1_coop_persist_r8m_etmat
  128x256x64_s4_c1x1_coop_persist_r8m_etma_sk
  128x128x64_s5_c2x1_pp_persist_r8m_etmat
  128x128x64_s5_c1x1_pp_persist_r8m_etmat
  128x128x64_s4_c2x1_pp_persist_r8m_etma
  128x128x64_s5_c1x2_pp_persist_r8m_etmat
  64x256x64_s4_c2x1_pp_persist_r8m_etmat
  64x256x64_s4_c1x1_pp_persist_r8m_etmat
)
specs() { for t in "${tails[@]}"; do printf -- ' --spec sm90_f16f32_%s_%s' "$1" "$t"; done; }
base='--mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  h200_pingpong_probe_tn "--shapes bench/shapes/probe_small_k.txt $base --rounds 9 $(specs tn)" "$@"
