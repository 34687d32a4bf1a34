#!/usr/bin/env bash
# Where the design space stands before issue 4's structural additions: the whole default sweep
# (layout tn) on oracle100 and the decode shapes, best spec per shape as `oracle`, interleaved
# with cuBLAS and cuBLASLt-autotune in both layouts. Runs ON the device (docs/DEVICE.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
base='--mode kernel --methods cublas_nn,cublas_tn,cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --layout tn --spec sweep'
tag="${TAG:-baseline}"
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  "h200_oracle100_${tag}_tn" "--shapes bench/shapes/oracle100.txt $base" \
  "h200_decode_${tag}_tn" "--shapes bench/shapes/decode.txt $base" \
  "$@"
