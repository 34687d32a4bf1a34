#!/usr/bin/env bash
# Issue 4's oracle on an H100 (device_job.sh, no tests): oracle100 against the whole default
# sweep and the H100 table's picks (the bench reports the best per shape as `oracle`; the longest
# run, about 330 s), then gemm() alone on two off-grid sets no table holds (the cost model's
# picks). ON the device. Output: $OUT/results.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
bash scripts/device_job.sh --no-tests \
  h100_auto_offgrid49a_s19_tn "--shapes bench/shapes/offgrid49a.txt $m --spec auto" \
  h100_auto_offgrid49b_s19_tn "--shapes bench/shapes/offgrid49b.txt $m --spec auto" \
  h100_oracle100_s19_tn "--shapes bench/shapes/oracle100.txt $m --spec sweep --spec table:h100=data/nvidia_h100_80gb_hbm3.json"
