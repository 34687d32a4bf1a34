#!/usr/bin/env bash
# Nineteenth session's H100 acceptance runs (device_job.sh, no tests): gemm() alone on oracle100
# with the H100's 1,000-entry table (auto) beside the H200 table's picks; bf16 and fp16
# accumulation through gemm(); the latency pair; decode through gemm() and the decode sweep with
# the fitted specs. (Its first form also ran the sweep with --spec auto, which the bench refuses;
# the issue's oracle is s19_h100_oracle.sh.) ON the device. Output: $OUT/results.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
o='--shapes bench/shapes/oracle100.txt'
d='--shapes bench/shapes/decode.txt'
bash scripts/device_job.sh --no-tests \
  h100_auto_oracle100_s19_tn "$o $m --spec auto --spec table:h200table=data/nvidia_h200.json" \
  h100_auto_oracle100_bf16_s19_tn "$o $m --dtype bf16 --spec auto" \
  h100_auto_oracle100_f16acc_s19_tn "$o $m --acc fp16 --spec auto" \
  h100_latency_s19_tn "--mnk 64_64_64 --mnk 64_4096_64 --mnk 64_64_64 $m --spec auto" \
  h100_decode_auto_s19_tn "$d $m --spec auto" \
  h100_decode_s19_tn "$d $m --spec sweep --spec fitted"
