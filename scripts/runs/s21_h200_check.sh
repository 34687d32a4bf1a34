#!/usr/bin/env bash
# Session 21 (notes 142): session 21's tuning measured again on another H200 host, each run its
# own process: oracle100 and decode short runs (REPS, default 2) of cuBLASLt-autotune nn and tn,
# the oracle's picks chosen in s21's first short run (`chosen`) and gemm()'s own pick (`auto`,
# the updated table); then the 265 re-tuned shapes of sessions 20-21 (h200_stale_middle143.txt
# and the 122 others) against the table before session 20 (BEFORE, a table file: `before`).
# ON the device. Output: $OUT/s21_check.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s21_check}"
d="$out/s21_check"
record_machine "$d"
r=bench/results/h200
zcat $r/h200_oracle_s21_oracle100_chosen.json.gz > "$d/oracle100_chosen.json"
zcat $r/h200_oracle_s21_decode_chosen.json.gz > "$d/decode_chosen.json"
zcat "${BEFORE:-bench/results/h200/h200_table_before_s20.json.gz}" > "$d/before.json"  # git show add0e18^:data/nvidia_h200.json
[ -s "$d/before.json" ] || { echo "no table before session 20 (BEFORE)" >&2; exit 2; }
shapes() { grep -hv '^#' "$@" | grep . | tr '\n' ' '; }
for rep in $(seq 1 "${REPS:-2}"); do
  for set in oracle100 decode; do
    SHAPES="$(shapes bench/shapes/$set.txt)" OUT="$d" BENCH_TIMEOUT=150 \
      spec_bench "${set}_short_$rep" "" "table:chosen=$d/${set}_chosen.json" auto
  done
done
for set in oracle100 decode; do
  python3 scripts/oracle_short_report.py "$d/${set}_short_"*.csv > "$d/${set}_report.txt" 2>&1
  cat "$d/${set}_report.txt"
done
[ "${RETUNED:-1}" = 1 ] && SHAPES="$(shapes bench/shapes/h200_stale_middle143.txt bench/shapes/h200_s21_tune.txt | tr ' ' '\n' |
  grep -vxf <(shapes bench/shapes/oracle100.txt bench/shapes/decode.txt | tr ' ' '\n') | tr '\n' ' ')" \
  OUT="$d" BENCH_TIMEOUT=200 spec_bench retuned_check "" "table:before=$d/before.json" auto
[ "${RETUNED:-1}" = 1 ] && tail -n 8 "$d/retuned_check.log"
tar czf "$out/s21_check.tgz" -C "$out" s21_check && rm -rf "$d"
