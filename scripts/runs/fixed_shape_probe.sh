#!/usr/bin/env bash
# Shape constants compiled in (spec token fixMxNxK): on oracle100, the whole-grid table's spec per
# shape as tuned (table:grid) and the same spec with the shape compiled in (tablefix:grid_fix),
# interleaved with cuBLASLt-autotune in kernel mode; then the grid through gemm() without a spec
# (the dispatcher: table data/nvidia_h200.json) against cuBLASLt-autotune.
# Runs ON the device; TESTS (default --no-tests) is passed to device_job.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
table=data/nvidia_h200.json
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  h200_fixed_probe_tn "--shapes bench/shapes/oracle100.txt --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec table:grid=$table --spec tablefix:grid_fix=$table" \
  h200_grid_auto_tn_table "--grid cudal2 --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec auto" \
  "$@"
