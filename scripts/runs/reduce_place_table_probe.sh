#!/usr/bin/env bash
# The reduction pass's placement on the shipped picks (notes 178), ON the device: the H200
# table's 85 split-pass shapes with the table's picks, and decode.txt with gemm()'s own pick,
# each process under the current rule (auto) or with every pass asking for shared memory (ask,
# AUTOGEMM_REDUCE_SMEM, needs the build of f5d3371 or a782216; removed at 53f60cf), alternating
# (REPS rounds, default 2), each interleaved with cuBLASLt-autotune nn and tn.
# Output: $OUT/reduce_place_table.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-reduce_place_table}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
skp="$(grep -v '^#' bench/shapes/skp_entries_h200.txt | tr '\n' ' ')"
dec="$(grep -v '^#' bench/shapes/decode.txt | tr '\n' ' ')"
for rep in $(seq 1 "${REPS:-2}"); do
  for mode in auto ask; do
    if [ $mode = auto ]; then unset AUTOGEMM_REDUCE_SMEM; else export AUTOGEMM_REDUCE_SMEM=$mode; fi
    OUT="$d" BENCH_TIMEOUT=150 spec_bench "table_${mode}_$rep" "$skp" table:tab=data/nvidia_h200.json
    OUT="$d" BENCH_TIMEOUT=100 spec_bench "decode_${mode}_$rep" "$dec" auto
  done
done
unset AUTOGEMM_REDUCE_SMEM
root="$(pwd)"
for s in table decode; do  # the stats scripts read DIR/ARM_REP.csv
  mkdir -p "$d/$s"
  for f in "$d/${s}"_a*_*.csv; do b=$(basename "$f"); cp "$f" "$d/$s/${b#"${s}"_}"; done
  python3 "$root/scripts/arm_ratio_stats.py" "$d/$s" auto ask "${REPS:-2}" > "$d/${s}_arms.txt" 2>&1
  python3 "$root/scripts/ab_stats.py" "$d/$s" auto ask "${REPS:-2}" > "$d/${s}_ab.txt" 2>&1
  rm -rf "${d:?}/$s"
  echo "== $s"; cat "$d/${s}_arms.txt"
done
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
