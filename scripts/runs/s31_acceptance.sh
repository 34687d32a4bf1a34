#!/usr/bin/env bash
# Session 31's closing figures, ON the device: issue 4's short runs and latency shapes
# (s22_acceptance.sh, REPS processes, default 2) and issue 3's three headline shapes (the H200
# table's pick `tab` against cuBLASLt-autotune nn and tn, REPS processes of 15 rounds).
# Output: $OUT/s21_check.tgz, $OUT/s22_latency.tgz, $OUT/key3.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s31_acceptance}"
REPS="${REPS:-2}" OUT="$out" bash scripts/runs/s22_acceptance.sh
d="$out/key3"
record_machine "$d" > /dev/null
for rep in $(seq 1 "${REPS:-2}"); do
  OUT="$d" BENCH_ARGS="--rounds 15" spec_bench "key3_$rep" "$(shape_list bench/shapes/key3.txt)" \
    table:tab=data/nvidia_h200.json
  grep -A5 "^method" "$d/key3_$rep.log" | head -6
done
tar czf "$out/key3.tgz" -C "$out" key3 && rm -rf "$d"
