#!/usr/bin/env bash
# gemm()'s zero-shot path off the grid after the fitted specs: on offgrid49d (scripts/
# offgrid_shapes.py 49 9, a set no decision used), the shipped cost model's pick (it ranks the
# sweep and each shape's fitted specs) beside the previous model's (OLD_MODEL, default
# .device/cm_old.json, ranking the same candidates), the default sweep and the fitted specs,
# every one timed, interleaved with
# cuBLASLt-autotune nn and tn. Runs ON the device. Output: $OUT/fitted_check49d.{csv,log,json}.
source "$(dirname "$0")/spec_bench.sh"
mkdir -p "${OUT:-/tmp/fitted_check}"
SHAPES="$(grep -v '^#' bench/shapes/offgrid49d.txt | tr '\n' ' ')" \
  BENCH_TIMEOUT=${BENCH_TIMEOUT:-560} AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} \
  spec_bench fitted_check49d "" sweep fitted "costmodel:cm_new=data/nvidia_h200.costmodel.json.gz" \
  "costmodel:cm_old=${OLD_MODEL:-.device/cm_old.json}"
