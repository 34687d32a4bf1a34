#!/usr/bin/env bash
# Issue 2's acceptance runs, ON the device (docs/DEVICE.md): the full 1,000-shape grid in kernel
# mode with all six baselines (twice, for the run-to-run spread), and the 100-shape stratified
# subset in offline and server mode (QPS 100) with torch.matmul beside it.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec bash scripts/device_job.sh ${TESTS:---no-tests} \
  h200_grid_kernel_a '--grid cudal2 --mode kernel' \
  h200_grid_kernel_b '--grid cudal2 --mode kernel' \
  h200_grid100_offline '--shapes bench/shapes/grid100.txt --mode offline' \
  torch_h200_grid100_offline '--shapes bench/shapes/grid100.txt --mode offline' \
  h200_grid100_server '--shapes bench/shapes/grid100.txt --mode server --target_qps 100' \
  torch_h200_grid100_server '--shapes bench/shapes/grid100.txt --mode server --target_qps 100' \
  "$@"
