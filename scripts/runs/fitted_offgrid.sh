#!/usr/bin/env bash
# The fitted specs (spec/fitted.hpp) beside the default sweep on offgrid49a, every spec of both
# timed per shape, interleaved with cuBLASLt-autotune nn and tn: how often a fitted spec beats the
# sweep's best off the grid, and data for scripts/rank_eval.py. Runs ON the device.
# Output: $OUT/fitted_offgrid49a.{csv,log,json}.
source "$(dirname "$0")/spec_bench.sh"
SHAPES="$(grep -v '^#' bench/shapes/offgrid49a.txt | tr '\n' ' ')" \
  BENCH_TIMEOUT=${BENCH_TIMEOUT:-560} AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} \
  spec_bench fitted_offgrid49a "" sweep fitted
