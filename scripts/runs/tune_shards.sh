#!/usr/bin/env bash
# Tuning on the GPUs of one host, one or several, all of the model GPU_MATCH names (default H100;
# H200 for the H200's table), notes 131 (it replaced h100_tune_probe.sh; h100_tune_shards.sh runs
# it with GPU_MATCH=H100, as the s19-s20 records name it): `autogemm tune --devices` (one worker per
# GPU pulling SHAPES from a shared queue in one store, STORE= an earlier one to resume; budget
# BUDGET, the H200's cost model screening, at most TUNE_SECONDS); then each GPU benches a share
# of the new picks (by flops, round-robin) in a fresh run against cuBLASLt-autotune and
# COMPARE's picks (a picker spec; default on H100s table:h200=data/nvidia_h200.json, on H200s the
# shipped table as table:shipped=data/nvidia_h200.json; off the grid
# costmodel:cm=data/nvidia_h200.costmodel.json.gz), at most
# CONFIRM_SECONDS (CONFIRM=0: none; CHECK=1: then each share again, on the next GPU, as check<g>.csv);
# the new picks are method `new` (before 4ac5f86 COMPARE was a table's NAME=FILE
# and the new picks were `h100`). Refuses any GPU whose name lacks GPU_MATCH (the table is that
# GPU's). Finally merges the new table over BASE_TABLE (default that GPU's shipped table).
# (The s19 runs, h100_tune_s19.md, used 9b572bd's form: one store per GPU.)
# ON the device. Output: $OUT/<gpu>_shards.tgz, e.g. h100_shards.tgz (store, table, logs,
# confirm CSVs, merged table).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
source scripts/runs/cublas_libs.sh
bin=build/tools/autogemm/autogemm
match="${GPU_MATCH:-H100}"
case "$match" in
  H100) base=data/nvidia_h100_80gb_hbm3.json compare=table:h200=data/nvidia_h200.json ;;
  H200) base=data/nvidia_h200.json compare=table:shipped=data/nvidia_h200.json ;;
  *) echo "GPU_MATCH: H100 or H200 (the GPUs with a shipped table), not '$match'" >&2; exit 2 ;;
esac
name="$(echo "$match" | tr 'A-Z' 'a-z')_shards"
out="${OUT:-/tmp/$name}"
st="$out/$name"
mkdir -p "$st"
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
# nvidia-smi lists every GPU whatever CUDA_VISIBLE_DEVICES says, and the indices below are its.
if [ -n "${CUDA_VISIBLE_DEVICES:-}" ]; then
  echo "CUDA_VISIBLE_DEVICES is set: this script tunes on every GPU of the host" >&2
  exit 2
fi
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee "$st/gpus.txt"
if grep -v "$match" "$st/gpus.txt" | grep -q .; then
  echo "not every GPU is an $match: this table is the $match's" | tee "$st/SUMMARY"
  tar czf "$out/$name.tgz" -C "$out" "$name"
  exit 3
fi
n=$(wc -l < "$st/gpus.txt")
devices=$(seq -s, 0 $((n - 1)))
grep -hv '^#' ${SHAPES:?a shape file} | grep . > "$st/shapes.txt"
t0=$(date +%s)
[ -n "${STORE:-}" ] && cp "$STORE" "$st/tune.sqlite"
timeout -k 20 "${TUNE_SECONDS:-400}" "$bin" tune --shapes "$st/shapes.txt" --resume \
  --devices "$devices" --dtype fp16 --acc fp32 --layout tn --budget "${BUDGET:-32}" \
  --store "$st/tune.sqlite" --cost-model data/nvidia_h200.costmodel.json.gz > "$st/tune.log" 2>&1
echo "tune on GPUs $devices: exit $? after $(($(date +%s) - t0)) s" | tee "$st/SUMMARY"
"$bin" db stats --store "$st/tune.sqlite" | tee -a "$st/SUMMARY"
"$bin" db export --store "$st/tune.sqlite" --out "$st/table.json" 2>&1 | tee -a "$st/SUMMARY"
# The confirm runs: the tuned shapes sorted by flops and dealt round-robin, one share per GPU,
# so each GPU benches a like mix of sizes alone.
python3 -c 'import json, sys
for e in json.load(open(sys.argv[1]))["entries"]: print("%d_%d_%d" % (e["m"], e["n"], e["k"]))' \
  "$st/table.json" | awk -F_ '{ printf "%.0f %s\n", $1 * $2 * $3, $0 }' | sort -n |
  awk '{ print $2 }' | awk -v n="$n" -v d="$st" '{ print > (d "/confirm" (NR - 1) % n ".txt") }'
# One bench per GPU at once: GPU g runs share (g + OFFSET) % n, writing NAME<g>.{csv,log}.
bench_shares() {  # NAME OFFSET
  local pids=() g share
  for ((g = 0; g < n; g++)); do
    share="$st/confirm$(((g + $2) % n)).txt"
    [ -s "$share" ] || continue
    CUDA_VISIBLE_DEVICES=$g timeout "${CONFIRM_SECONDS:-150}" "$bin" bench \
      --shapes "$share" --mode kernel --layout tn \
      --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm \
      --spec "${COMPARE:-$compare}" --spec "table:new=$st/table.json" \
      --out "$st/$1$g.csv" > "$st/$1$g.log" 2>&1 &
    pids[g]=$!
  done
  for g in "${!pids[@]}"; do
    wait "${pids[g]}"
    echo "GPU $g: $1 exit $?" | tee -a "$st/SUMMARY"
  done
}
if [ "${CONFIRM:-1}" != 0 ]; then
  bench_shares confirm 0
  # CHECK=1: every share again in a process of its own, on the next GPU (the same one on a
  # one-GPU host), for scripts/table_update_confirmed.py --check (notes 145).
  [ "${CHECK:-0}" = 1 ] && bench_shares check 1
fi
echo "confirm runs done after $(($(date +%s) - t0)) s" | tee -a "$st/SUMMARY"
"$bin" db merge "${BASE_TABLE:-$base}" "$st/table.json" \
  --out "$st/merged.table.json" 2>&1 | tee -a "$st/SUMMARY"
cat "$st/SUMMARY"
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$st"
