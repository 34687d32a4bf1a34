#!/usr/bin/env bash
# The issue's oracle on this GPU with today's space, measured like for like (notes 139): a sweep
# run per set (oracle100: the default sweep and this GPU's shipped table; decode: the sweep and
# the fitted specs) only chooses each shape's fastest spec (scripts/oracle_picks_table.py); short
# runs, REPS processes (default 2), then time those picks again interleaved per shape with
# cuBLASLt-autotune nn and tn and gemm()'s own pick (`auto`). TABLE: the table to sweep beside
# (default data/nvidia_h200.json). ON the device. Output: $OUT/oracle_fresh.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/oracle_fresh}"
d="$out/oracle_fresh"
mkdir -p "$d"
gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$d/gpu.txt"
shapes() { grep -hv '^#' "bench/shapes/$1.txt" | tr '\n' ' '; }
SHAPES="$(shapes oracle100)" OUT="$d" BENCH_TIMEOUT=330 \
  spec_bench oracle100_sweep "" sweep "table:shipped=${TABLE:-data/nvidia_h200.json}"
SHAPES="$(shapes decode)" OUT="$d" BENCH_TIMEOUT=150 spec_bench decode_sweep "" sweep fitted
for set in oracle100 decode; do
  python3 scripts/oracle_picks_table.py "$d/${set}_picks.json" "$gpu" "$d/${set}_sweep.csv"
  for rep in $(seq 1 "${REPS:-2}"); do
    SHAPES="$(shapes $set)" OUT="$d" BENCH_TIMEOUT=150 \
      spec_bench "${set}_short_$rep" "" "table:best=$d/${set}_picks.json" auto
    tail -n 8 "$d/${set}_short_$rep.log"
  done
done
gzip -f "$d"/*_sweep.csv
tar czf "$out/oracle_fresh.tgz" -C "$out" oracle_fresh && rm -rf "$d"
