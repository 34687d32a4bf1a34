#!/usr/bin/env bash
# Cost models' picks, interleaved in one process, ON the device: each model's first-ranked
# spec per shape (scripts/picks_table.py over `autogemm db rank`, so a model that needs another
# build, a different feature list, runs as a table) on the shapes where the picks differ,
# against cuBLASLt-autotune; REPS processes (default 2). DIR holds changed_shapes.txt and one
# picks_NAME.json (or .json.gz) per model (run as method NAME). GPU tests first unless NO_TESTS (TESTS_RE picks them).
# Output: $OUT/costmodel_picks.tgz.
source "$(dirname "$0")/spec_bench.sh"
dir="${DIR:?DIR: the folder with changed_shapes.txt and the two pick tables}"
name=costmodel_picks
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
gpu_tests "$d/ctest_gpu.log"
shapes="$(shape_list "$dir/changed_shapes.txt")"
tables=()
for f in "$dir"/picks_*.json*; do  # .json or .json.gz
  t="$(basename "${f%.gz}" .json)"
  tables+=("table:${t#picks_}=$f")
done
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-280}" spec_bench_reps "${RUN:-run}" "$shapes" "${tables[@]}"
tar czf "$out/$name.tgz" -C "$out" "$name"
