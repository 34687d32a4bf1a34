#!/usr/bin/env bash
# The fitted specs on the grid's oracle100 and the decode shapes, beside the shipped table's pick
# (data/nvidia_h200.json, tuned over the sweep), interleaved with cuBLASLt-autotune nn and tn:
# does any fitted spec beat the table there? Runs ON the device. Output: $OUT/fitted_grid.{csv,log,json}.
source "$(dirname "$0")/spec_bench.sh"
mkdir -p "${OUT:-/tmp/fitted_grid}"
SHAPES="$(grep -hv '^#' bench/shapes/oracle100.txt bench/shapes/decode.txt | tr '\n' ' ')" \
  BENCH_TIMEOUT=${BENCH_TIMEOUT:-570} AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} \
  spec_bench fitted_grid "" fitted "table:table=data/nvidia_h200.json"
