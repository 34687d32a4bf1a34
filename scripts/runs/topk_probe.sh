#!/usr/bin/env bash
# What timing the cost model's top K would find (notes 199): per shape of SHAPES_FILE (default
# bench/shapes/offgrid63_s28.txt, shapes no table or training store holds), the shipped cost
# model's K-th ranked spec for K = 1..TOP (default 6) as methods top1..topTOP
# (`costmodel:topK@K=FILE`), interleaved with cuBLASLt-autotune nn and tn, in REPS processes
# (default 2). top1 is gemm()'s own pick off the table. Runs ON the device; the specs are
# compiled first, in parallel (autogemm prebuild). Output: $OUT/topk.tgz (NAME_R.csv/.log,
# ranked.txt, gpu.txt, cpu.txt); scripts/topk_report.py reads it.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/topk}"
d="$top/topk"
record_machine "$d"
model="${COST_MODEL:-data/nvidia_h200.costmodel.json.gz}"
shapes_file="${SHAPES_FILE:-bench/shapes/offgrid63_s28.txt}"
k="${TOP:-6}"
build/tools/autogemm/autogemm db rank --cost-model "$model" --shapes "$shapes_file" --top "$k" \
  > "$d/ranked.txt"
mapfile -t specs < <(awk '{print $3}' "$d/ranked.txt" | sort -u)
prebuild=()
for s in "${specs[@]}"; do prebuild+=(--spec "$s"); done
timeout 300 build/tools/autogemm/autogemm prebuild "${prebuild[@]}" 2>&1 | tail -2
methods=()
for i in $(seq 1 "$k"); do methods+=("costmodel:top$i@$i=$model"); done
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_reps "${NAME:-topk}" \
  "$(shape_list "$shapes_file")" "${methods[@]}"
tar czf "$top/topk.tgz" -C "$top" topk
