#!/usr/bin/env bash
# The main job on the device: the whole CUDA-L2 grid, kernel mode, our library's own choice per
# shape (`--spec auto`: what autogemm::gemm without a spec runs) against all six baselines.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  h200_grid_auto_tn '--grid cudal2 --mode kernel --methods cublas_nn,cublas_tn,cublaslt_heuristic_nn,cublaslt_heuristic_tn,cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec auto --layout tn' \
  "$@"
