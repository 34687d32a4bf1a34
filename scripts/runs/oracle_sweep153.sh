#!/usr/bin/env bash
# oracle100 with the default sweep after the long-K additions (153 tn specs: clustered 128x128
# split in two, 128x64 two-consumer split in two, clustered 64x128 and 64x256, swap-AB 128x96),
# ON the device, interleaved with cuBLAS and cuBLASLt-autotune (both layouts) and the budget-32
# table's pick. DTYPE=bf16 runs the sweep with bf16 data (no table: it is an fp16 one).
set -euo pipefail
cd "$(dirname "$0")/../.."
dtype="${DTYPE:-fp16}"
table="${TABLE:-bench/results/h200/h200_issue5_tables_retuned/tuned_b32.table.json}"
base="--shapes bench/shapes/oracle100.txt --mode kernel --layout tn --dtype $dtype"
methods=cublas_nn,cublas_tn,cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm
extra=""
[ "$dtype" = fp16 ] && extra="--spec table:b32=$table"
exec bash scripts/device_job.sh --no-tests \
  "h200_oracle100_${dtype}_sweep153_tn" "$base --methods $methods --spec sweep $extra" "$@"
