#!/usr/bin/env bash
# CUDA-L2's evaluation command, on autogemm: the same flags, mapped onto `autogemm bench`.
#   bash scripts/eval_one_file.sh --mnk 64_4096_64 --acc_precise fp32 --device_type H100 \
#       --warmup_seconds 1 --benchmark_seconds 5 --base_dir out --gpu_device_id 0 \
#       --mode offline --target_qps 100
# Flags may also be written --flag=value. --device_type names the GPU the kernels were tuned
# for in CUDA-L2; here the GPU in use is measured, so it is only recorded (and a mismatch with
# the GPU's name is reported). Methods: $AUTOGEMM_EVAL_METHODS (comma list) if set, else
# `autogemm bench`'s default. The binary: $AUTOGEMM_BIN, else build/tools/autogemm/autogemm.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${AUTOGEMM_BIN:-$root/build/tools/autogemm/autogemm}"
accepted="--mnk --acc_precise --device_type --warmup_seconds --benchmark_seconds --base_dir --gpu_device_id --mode --target_qps"

args=(bench)
device_type=""
while [ $# -gt 0 ]; do
  flag="$1"
  value=""
  if [[ "$flag" == --*=* ]]; then
    value="${flag#*=}"
    flag="${flag%%=*}"
    shift
  else
    shift
    if [ $# -eq 0 ]; then
      echo "eval_one_file.sh: $flag needs a value" >&2
      exit 2
    fi
    value="$1"
    shift
  fi
  case "$flag" in
    --mnk) args+=(--mnk "$value") ;;
    --acc_precise) args+=(--acc "$value") ;;
    --device_type) device_type="$value" ;;
    --warmup_seconds | --benchmark_seconds | --base_dir | --gpu_device_id | --mode | --target_qps)
      args+=("$flag" "$value") ;;
    *)
      echo "eval_one_file.sh: unknown flag $flag (accepted: $accepted)" >&2
      exit 2 ;;
  esac
done

[ -x "$bin" ] || { echo "eval_one_file.sh: no autogemm binary at $bin (run scripts/build.sh)" >&2; exit 2; }
[ -z "${AUTOGEMM_EVAL_METHODS:-}" ] || args+=(--methods "$AUTOGEMM_EVAL_METHODS")

if [ -n "$device_type" ]; then
  gpu=$("$bin" info 2>/dev/null | sed -n '1s/^GPU [0-9]*: //p' || true)
  case "$gpu" in
    *"$device_type"*) ;;
    *) echo "eval_one_file.sh: note: --device_type $device_type, measuring on '${gpu:-no GPU}'" >&2 ;;
  esac
fi

exec "$bin" "${args[@]}"
