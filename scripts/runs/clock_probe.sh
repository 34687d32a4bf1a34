#!/usr/bin/env bash
# SM clock and board power every 20 ms while each method runs the bench's own protocol alone
# (interleaved rounds of back-to-back calls), to see which kernels the power cap slows.
# Runs ON the device. Usage: clock_probe.sh SHAPE METHOD_OR_SPEC...
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
bin=build/tools/autogemm/autogemm
shape="$1"; shift
log="$out/clock_${shape}.txt"
nvidia-smi --query-gpu=timestamp,clocks.sm,power.draw --format=csv,noheader -lms 20 \
  > "$out/clock_${shape}.csv" 2>&1 &
smi=$!
sleep 1
for m in "$@"; do
  if [[ "$m" == cublas* ]]; then args=(--methods "$m"); else args=(--methods autogemm --spec "$m"); fi
  echo "$(date +%T.%3N) start $m" >> "$log"
  "$bin" bench --mnk "$shape" "${args[@]}" --rounds 15 2>&1 | grep -E "^$shape" >> "$log"
  echo "$(date +%T.%3N) end $m" >> "$log"
  sleep 1.5
done
kill $smi
