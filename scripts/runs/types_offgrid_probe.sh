#!/usr/bin/env bash
# gemm() on shapes it has not seen, in every data type and B layout it serves (notes 206): fp16
# and bf16 data, tn and nn, fp32 accumulation; `--spec auto` (the dispatcher's pick, timed on
# the call in the middle class) interleaved with cuBLASLt-autotune nn and tn of the same types,
# one process per combination. Looks for pathologies (wrong results, failures, shapes far below
# cuBLASLt) as much as for the geomeans. Runs ON the device. Output: $OUT/types/.
source "$(dirname "$0")/spec_bench.sh"
d="${OUT:-/tmp/types}/types"
record_machine "$d"
shapes_file="${SHAPES_FILE:-bench/shapes/offgrid49_s29.txt}"
bin=build/tools/autogemm/autogemm
specs=()
for dt in fp16 bf16; do
  for l in tn nn; do
    "$bin" db rank --cost-model data/nvidia_h200.costmodel.json.gz --dtype "$dt" --layout "$l" \
      --shapes "$shapes_file" --top 6 > "$d/ranked_${dt}_$l.txt" 2>&1
    mapfile -t -O "${#specs[@]}" specs < <(awk 'NF == 4 {print $3}' "$d/ranked_${dt}_$l.txt")
  done
done
mapfile -t specs < <(printf '%s\n' "${specs[@]}" | sort -u)
prebuild=()
for s in "${specs[@]}"; do prebuild+=(--spec "$s"); done
timeout 300 "$bin" prebuild "${prebuild[@]}" 2>&1 | tail -1
for dt in fp16 bf16; do
  for l in tn nn; do
    AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null)" timeout "${BENCH_TIMEOUT:-300}" "$bin" bench \
      --shapes "$shapes_file" --mode kernel --dtype "$dt" --layout "$l" \
      --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec auto \
      --out "$d/auto_${dt}_$l.csv" > "$d/auto_${dt}_$l.log" 2>&1
    echo "== $dt $l: bench exit $?"
    grep -A4 "^method" "$d/auto_${dt}_$l.log" | head -5
  done
done
