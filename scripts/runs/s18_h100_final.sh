#!/usr/bin/env bash
# Eighteenth session's H100 acceptance runs, gemm() alone (device_job.sh, no tests): oracle100 with
# the H100's own table over the H200's (auto) beside the H200 table's picks (table:h200table),
# bf16 and fp16 accumulation through gemm(), the latency pair and the decode shapes. ON the
# device. Output: $OUT/results.tgz, summary.txt.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
o='--shapes bench/shapes/oracle100.txt'
bash scripts/device_job.sh --no-tests \
  h100_auto_oracle100_s18_tn "$o $m --spec auto --spec table:h200table=data/nvidia_h200.json" \
  h100_auto_oracle100_bf16_s18_tn "$o $m --dtype bf16 --spec auto" \
  h100_auto_oracle100_f16acc_s18_tn "$o $m --acc fp16 --spec auto" \
  h100_latency_s18_tn "--mnk 64_64_64 --mnk 64_4096_64 --mnk 64_64_64 $m --spec auto" \
  h100_decode_auto_s18_tn "--shapes bench/shapes/decode.txt $m --spec auto"
