#!/usr/bin/env bash
# Tuning on every H100 of one host at once (notes 131): the shapes of SHAPES are sorted by flops
# and dealt round-robin to one shard per GPU, so each GPU gets a like mix of sizes; each shard
# tunes into a store of its own (`autogemm tune`, budget BUDGET, the H200's cost model screening,
# at most TUNE_SECONDS), then benches its new picks in a fresh run against cuBLASLt-autotune and
# COMPARE's table (NAME=FILE, default h200=data/nvidia_h200.json; for a re-tuning, the shipped
# H100 table), at most CONFIRM_SECONDS. Refuses any GPU that is not an H100 (the table is
# the H100's). Finally merges the shard tables over BASE_TABLE (default the shipped H100 table).
# ON the device. Output: $OUT/h100_shards.tgz (stores, tables, logs, confirm CSVs, merged table).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
source scripts/runs/cublas_libs.sh
bin=build/tools/autogemm/autogemm
out="${OUT:-/tmp/h100_shards}"
st="$out/h100_shards"
mkdir -p "$st"
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee "$st/gpus.txt"
if grep -v "H100" "$st/gpus.txt" | grep -q .; then
  echo "not every GPU is an H100: this table is the H100's" | tee "$st/SUMMARY"
  tar czf "$out/h100_shards.tgz" -C "$out" h100_shards
  exit 3
fi
n=$(wc -l < "$st/gpus.txt")
grep -hv '^#' ${SHAPES:?a shape file} | grep . |
  awk -F_ '{ printf "%.0f %s\n", $1 * $2 * $3, $0 }' | sort -n | awk '{ print $2 }' |
  awk -v n="$n" -v d="$st" '{ print > (d "/shapes" (NR - 1) % n ".txt") }'
t0=$(date +%s)
for ((g = 0; g < n; g++)); do
  (
    export CUDA_VISIBLE_DEVICES=$g
    timeout -k 20 "${TUNE_SECONDS:-400}" "$bin" tune --shapes "$st/shapes$g.txt" --resume \
      --dtype fp16 --acc fp32 --layout tn --budget "${BUDGET:-32}" --store "$st/tune$g.sqlite" \
      --cost-model data/nvidia_h200.costmodel.json > "$st/tune$g.log" 2>&1
    echo "shard $g: tune exit $? after $(($(date +%s) - t0)) s" >> "$st/SUMMARY"
    "$bin" db export --store "$st/tune$g.sqlite" --out "$st/table$g.json" >> "$st/SUMMARY" 2>&1
    python3 -c 'import json, sys
for e in json.load(open(sys.argv[1]))["entries"]: print("%d_%d_%d" % (e["m"], e["n"], e["k"]))' \
      "$st/table$g.json" > "$st/confirm$g.txt"
    timeout "${CONFIRM_SECONDS:-150}" "$bin" bench --shapes "$st/confirm$g.txt" --mode kernel \
      --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm \
      --spec "table:${COMPARE:-h200=data/nvidia_h200.json}" --spec "table:h100=$st/table$g.json" \
      --out "$st/confirm$g.csv" > "$st/confirm$g.log" 2>&1
    echo "shard $g: confirm exit $? after $(($(date +%s) - t0)) s" >> "$st/SUMMARY"
  ) &
done
wait
"$bin" db merge "${BASE_TABLE:-data/nvidia_h100_80gb_hbm3.json}" "$st"/table*.json \
  --out "$st/merged.table.json" 2>&1 | tee -a "$st/SUMMARY"
cat "$st/SUMMARY"
tar czf "$out/h100_shards.tgz" -C "$out" h100_shards && rm -rf "$st"
