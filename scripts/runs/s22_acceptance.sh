#!/usr/bin/env bash
# Session 22 (notes 155), ON the device: issue 4's figures like for like with this build (the
# call memo, the swapped spilling entries): s21_h200_check.sh's oracle100 and decode short runs
# (REPS processes, default 3; session 21's chosen picks and gemm()'s own), then the latency
# shapes with gemm()'s pick in REPS processes. Output: $OUT/s21_check.tgz, $OUT/s22_latency.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s22_acceptance}"
REPS="${REPS:-3}" RETUNED=0 OUT="$out" bash scripts/runs/s21_h200_check.sh 2>&1 | grep -v "^bench exit 0$"
d="$out/s22_latency"
record_machine "$d" > /dev/null
for rep in $(seq 1 "${REPS:-3}"); do
  OUT="$d" BENCH_TIMEOUT=60 spec_bench "latency_$rep" "64_64_64 64_4096_64" auto > /dev/null
  grep -E "^64_(64|4096)_64 +(autogemm|cublaslt)" "$d/latency_$rep.log"
done
tar czf "$out/s22_latency.tgz" -C "$out" s22_latency && rm -rf "$d"
