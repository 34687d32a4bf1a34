#!/usr/bin/env bash
# Issue 3's benchmarks again with today's kernels and table (notes 207): the 187 grid shapes with
# 2MNK >= 1e11 (one process) and the three headline shapes (REPS processes, 15 rounds), each
# interleaving cuBLASLt-autotune nn and tn with the H200 table's pick (`tab`) and the large-shape
# specs of scripts/runs/issue3_large.sh; `oracle` is the best of them per shape. tn.
# Runs ON the device. Output: $OUT/issue3.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/issue3}"
d="$top/issue3"
record_machine "$d"
tails=$(sed -n '/^tails=(/,/^)/p' scripts/runs/issue3_large.sh | grep -v '[()]')
# shellcheck disable=SC2086
OUT="$d" BENCH_TIMEOUT=550 spec_bench large187 "$(shape_list bench/shapes/large187.txt)" \
  table:tab=data/nvidia_h200.json $tails
for rep in $(seq 1 "${REPS:-2}"); do
  # shellcheck disable=SC2086
  OUT="$d" BENCH_ARGS="--rounds 15" spec_bench "key3_$rep" "$(shape_list bench/shapes/key3.txt)" \
    table:tab=data/nvidia_h200.json $tails
done
tar czf "$top/issue3.tgz" -C "$top" issue3
