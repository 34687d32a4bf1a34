#!/usr/bin/env bash
# Session 21 (notes 145), ON one H200: the table entries this session replaced
# (bench/shapes/h200_s21_replaced.txt), timed again in REPS processes (default 2) with gemm()'s
# own pick (`auto`, the new table) against the table before the session (BEFORE: `before`) and
# cuBLASLt-autotune nn and tn; then s21_h200_check.sh's oracle100 and decode short runs.
# Output: $OUT/s21_final.tgz and $OUT/s21_check.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s21_final}"
d="$out/s21_final"
record_machine "$d"
zcat "${BEFORE:-bench/results/h200/h200_table_before_s21.json.gz}" > "$d/before.json"  # git show c84bda4:data/nvidia_h200.json
[ -s "$d/before.json" ] || { echo "no table before session 21 (BEFORE)" >&2; exit 2; }
for rep in $(seq 1 "${REPS:-2}"); do
  SHAPES="$(grep -v '^#' bench/shapes/h200_s21_replaced.txt | tr '\n' ' ')" OUT="$d" BENCH_TIMEOUT=200 \
    spec_bench "replaced_$rep" "" "table:before=$d/before.json" auto
  tail -n 7 "$d/replaced_$rep.log"
done
tar czf "$out/s21_final.tgz" -C "$out" s21_final && rm -rf "$d"
REPS=2 RETUNED=0 bash scripts/runs/s21_h200_check.sh 2>&1 | grep -v "^bench exit 0$"
