#!/usr/bin/env bash
# Which kernels cuBLASLt-autotune runs on a few shapes (notes 210): every kernel launch of one
# bench process under ncu (launch names and durations only; clocks left alone), counted per name.
# The most launched nvjet kernel of a method is the one its timing rounds ran.
# Runs ON the device. Output: $OUT/cublaslt_names/ (one text file per shape and method).
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/runs/cublas_libs.sh
d="${OUT:-/tmp}/cublaslt_names"
mkdir -p "$d"
for shape in ${SHAPES:-2124_4544_11208 16384_16384_4096}; do
  for method in cublaslt_autotune_nn cublaslt_autotune_tn; do
    timeout 200 ncu --clock-control none --launch-count 600 --metrics gpu__time_duration.sum \
      build/tools/autogemm/autogemm bench --mnk "$shape" --rounds 2 --methods "$method" \
      > "$d/raw_${shape}_$method.txt" 2>&1
    grep -E '^  [A-Za-z_][A-Za-z0-9_]* \(' "$d/raw_${shape}_$method.txt" | sed 's/ (.*//' | sort | uniq -c |
      sort -rn > "$d/${shape}_$method.txt"
    echo "== $shape $method"; head -4 "$d/${shape}_$method.txt"
    gzip -f "$d/raw_${shape}_$method.txt"
  done
done
