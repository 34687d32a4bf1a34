#!/usr/bin/env bash
# The scaled epilogue (C = alpha·A·B + beta·C, spec token `_ab`), ON the device, on oracle100 with
# the budget-32 table's spec per shape:
#  - run 1, plain scalars: the spec (table:plain) against its scaled twin at beta 0
#    (tableab:ab_beta0): what the scaling epilogue costs on the fast path;
#  - run 2, --alpha 1 --beta 1: the scaled twin reading C (table:ab_beta1) against
#    cuBLASLt-autotune with the same scalars; run 1 has cuBLASLt-autotune plain, so the two
#    ratios against cuBLASLt show what reading C costs each.
# First the bench's GPU tests (ctest -R BenchGpu: the scaled gate among them).
set -euo pipefail
cd "$(dirname "$0")/../.."
table="${TABLE:-bench/results/h200/h200_issue5_tables_retuned/tuned_b32.table.json}"
base='--shapes bench/shapes/oracle100.txt --mode kernel --layout tn --methods cublaslt_autotune_tn,autogemm'
exec bash scripts/device_job.sh --ctest "-R BenchGpu" \
  h200_scaled_beta0_tn "$base --spec table:plain=$table --spec tableab:ab_beta0=$table" \
  h200_scaled_beta1_tn "$base --alpha 1 --beta 1 --spec table:ab_beta1=$table" \
  "$@"
