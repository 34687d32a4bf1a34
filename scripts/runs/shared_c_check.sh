#!/usr/bin/env bash
# The shared-C bench on a GPU (notes 132): the bench's GPU tests (the new one checks methods
# sharing one C one by one), then the one oracle100 shape an H100 skipped with the whole sweep
# (16384^3, 98 GiB of C for 190 methods) against the sweep and the H100 table's pick. ON the
# device. Output: $OUT/results.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
bash scripts/device_job.sh --ctest '-R BenchGpu' \
  h100_oracle100_16384cube_s19_tn "--mnk 16384_16384_16384 --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec sweep --spec table:h100=data/nvidia_h100_80gb_hbm3.json"
