#!/usr/bin/env bash
# A sustained tuning (notes 189), ON the device: `autogemm tune --benchmark_seconds` on SHAPES
# (a shapes file, default the six large shapes below) into a fresh store, screened by the
# shipped cost model, exported as a table; then both tables (TABLE, the fast-protocol one, as
# `tab`, and the sustained one as `alt`) on those shapes under both protocols (sustained_probe.sh;
# scripts/table_pair_stats.py reads the result; ALT names another sustained table, NO_TUNE and
# NO_COMPARE skip a part; SHAPES_FILE tunes a shapes file instead, STORE goes on from an earlier
# call's store with --resume). Output: $OUT/sustained_tune/.
source "$(dirname "$0")/spec_bench.sh"
d="${OUT:-/tmp}/sustained_tune"
record_machine "$d"
shapes_file="$d/shapes.txt"
if [ -n "${SHAPES_FILE:-}" ]; then
  grep -v '^#' "$SHAPES_FILE" > "$shapes_file"
else
  printf '%s\n' ${SHAPES:-8192_8192_8192 16384_16384_4096 4096_4096_4096 16384_16384_12288 \
    16384_12288_512 12288_4096_4096} > "$shapes_file"
fi
if [ -z "${NO_TUNE:-}" ]; then
  # STORE: a store from an earlier call (e.g. committed, gzipped or not) to go on with --resume,
  # so a long list spreads over several calls; the store comes back in $d either way.
  resume=()
  if [ -n "${STORE:-}" ]; then
    case "$STORE" in *.gz) gzip -dc "$STORE" > "$d/sustained.sqlite" ;; *) cp "$STORE" "$d/sustained.sqlite" ;; esac
    resume=(--resume)
  fi
  AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null)" timeout "${TUNE_TIMEOUT:-400}" \
    build/tools/autogemm/autogemm tune --shapes "$shapes_file" --layout tn \
    --budget "${BUDGET:-16}" --benchmark_seconds "${TUNE_SECONDS:-0.5}" "${resume[@]}" \
    --cost-model data/nvidia_h200.costmodel.json.gz --store "$d/sustained.sqlite" \
    --out-table "$d/sustained_table.json" > "$d/tune.log" 2>&1
  echo "tune exit $? (4 or a timeout: run again with STORE=the store that came back)"
  tail -12 "$d/tune.log"
fi
if [ -z "${NO_COMPARE:-}" ]; then
  TABLE="${TABLE:-data/nvidia_h100_80gb_hbm3.json}" SPECS="table:alt=${ALT:-$d/sustained_table.json}" \
    SHAPES="$(tr '\n' ' ' < "$shapes_file")" SUS_SECONDS=1 REPS=1 NAME="compare_${REP:-1}" \
    OUT="$d" bash scripts/runs/sustained_probe.sh | tail -2
fi
