#!/usr/bin/env bash
# `autogemm trace` on one shape for several specs: per-tile phases and the SM clock of each.
# Runs ON the device. Usage: trace_probe.sh SHAPE SPEC... (output: $OUT/trace_SHAPE.txt + JSON)
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
shape="$1"; shift
for spec in "$@"; do
  timeout 120 build/tools/autogemm/autogemm trace --spec "$spec" --mnk "$shape" \
    --json "$out/trace_${shape}_${spec}.json" >> "$out/trace_${shape}.txt" 2>&1
  echo "exit $? for $spec" >> "$out/trace_${shape}.txt"
done
