#!/usr/bin/env bash
# Clock and power in steady state, one method at a time: is a kernel slower because it takes more
# cycles or because the card clocks it lower (power cap)? Each method runs alone for a few seconds
# while nvidia-smi dmon samples SM clock and board power every second. Runs ON the device.
# Usage: power_probe.sh SHAPE METHOD_OR_SPEC...  (cublas*/cublaslt* are methods, others specs)
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
bin=build/tools/autogemm/autogemm
shape="$1"; shift
log="$out/power_${shape}.txt"
nvidia-smi dmon -s pc -d 1 -o T > "$out/dmon_${shape}.txt" 2>&1 &
dmon=$!
sleep 2
for m in "$@"; do
  if [[ "$m" == cublas* ]]; then args=(--methods "$m"); else args=(--methods autogemm --layout tn --spec "$m"); fi
  echo "$(date +%T) start $m" >> "$log"
  "$bin" bench --mnk "$shape" "${args[@]}" --benchmark_seconds 5 --rounds 1 2>&1 | tail -6 >> "$log"
  echo "$(date +%T) end $m" >> "$log"
  sleep 3
done
kill $dmon
