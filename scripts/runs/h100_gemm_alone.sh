#!/usr/bin/env bash
# A session's H100 acceptance runs, gemm() alone (device_job.sh, no tests), results named
# h100_*_$TAG_tn: oracle100 through gemm() (auto) beside the H200 table's picks
# (table:h200table), bf16 and fp16 accumulation through gemm(), the latency pair, decode through
# gemm(), and with DECODE_SWEEP=1 the decode sweep with the fitted specs. s18_h100_final.sh and
# s19_h100_final.sh are its eighteenth- and nineteenth-session forms. ON the device.
# Output: $OUT/results.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
t="${TAG:?TAG: the session tag, e.g. s20}"
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
o='--shapes bench/shapes/oracle100.txt'
d='--shapes bench/shapes/decode.txt'
runs=(
  "h100_auto_oracle100_${t}_tn" "$o $m --spec auto --spec table:h200table=data/nvidia_h200.json"
  "h100_auto_oracle100_bf16_${t}_tn" "$o $m --dtype bf16 --spec auto"
  "h100_auto_oracle100_f16acc_${t}_tn" "$o $m --acc fp16 --spec auto"
  "h100_latency_${t}_tn" "--mnk 64_64_64 --mnk 64_4096_64 --mnk 64_64_64 $m --spec auto"
  "h100_decode_auto_${t}_tn" "$d $m --spec auto"
)
[ "${DECODE_SWEEP:-0}" = 1 ] && runs+=("h100_decode_${t}_tn" "$d $m --spec sweep --spec fitted")
bash scripts/device_job.sh --no-tests "${runs[@]}"
