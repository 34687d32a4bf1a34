#!/usr/bin/env bash
# Session 43, ON the device (an H200, ~1-2 min): what gemm()'s first call of a new problem costs
# the caller at trial width 6 (the default) and 12 (AUTOGEMM_AUTOTUNE=12): the choice, the
# candidates' compile (in parallel, a fresh JIT cache per arm) and the trial's rounds, as the
# bench's `--spec auto` log reports it ("first call N ms"). Shapes: the middle and large shapes of
# bench/shapes/offgrid63_s41.txt (in no tuning table), one process per arm, t12 first.
# Predicted: 12 candidates take 1.5-2x the first call of 6 (compile bound, 16 host CPUs).
# Output: $OUT/s43_first_call.tgz
source "$(dirname "$0")/spec_bench.sh"
name=s43_first_call
d="${OUT:-/tmp/$name}/$name"
record_machine "$d" > /dev/null
shapes=$(grep -v '^#' bench/shapes/offgrid63_s41.txt |
  awk -F_ '2 * $1 * $2 * $3 >= 1e8 { printf "%s ", $1 "_" $2 "_" $3 }' | cut -d' ' -f1-16)
for arm in t12 t6; do
  (
    [ "$arm" = t12 ] && export AUTOGEMM_AUTOTUNE=12
    AUTOGEMM_CACHE_DIR="$(mktemp -d)" OUT="$d" BENCH_TIMEOUT=200 spec_bench "$arm" "$shapes" auto
  )
  grep -o "^[0-9_]* autogemm: .*first call [0-9]* ms" "$d/$arm.log" |
    sed -E 's/^([0-9_]+) .*first call ([0-9]+) ms/\1 \2/' > "$d/${arm}_first_call_ms.txt"
  echo "$arm: $(wc -l < "$d/${arm}_first_call_ms.txt") shapes, median first call" \
    "$(sort -n -k2 "$d/${arm}_first_call_ms.txt" | awk '{a[NR]=$2} END {print a[int((NR+1)/2)]}') ms"
done
tar czf "${OUT:-/tmp/$name}/$name.tgz" -C "${OUT:-/tmp/$name}" "$name"
