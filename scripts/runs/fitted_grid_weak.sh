#!/usr/bin/env bash
# The fitted specs on the 330 grid shapes outside oracle100 where the table leads cuBLASLt least
# (bench/shapes/grid_weakest330.txt; the run may stop at BENCH_TIMEOUT, its CSV kept), beside the
# shipped table's pick
# (data/nvidia_h200.json, tuned over the sweep), interleaved with cuBLASLt-autotune nn and tn:
# does any fitted spec beat the table there? Runs ON the device. Output: $OUT/fitted_grid_weak.{csv,log,json}.
source "$(dirname "$0")/spec_bench.sh"
mkdir -p "${OUT:-/tmp/fitted_grid_weak}"
SHAPES="$(grep -hv '^#' bench/shapes/grid_weakest330.txt | tr '\n' ' ')" \
  BENCH_TIMEOUT=${BENCH_TIMEOUT:-570} AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} \
  spec_bench fitted_grid_weak "" fitted "table:table=data/nvidia_h200.json"
