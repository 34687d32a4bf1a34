#!/usr/bin/env bash
# Session 21 (notes 147), ON a host of H200s: tune_shards.sh on the grid's large shapes not yet
# re-tuned (bench/shapes/h200_s21_rest_large.txt; BUDGET default 24) with its confirm runs (one
# share of the shapes per GPU), then a second confirm run of every share on another GPU, in its own
# process (confirm_b<g>.csv), for table_update_confirmed.py --check. Output: $OUT/h200_shards.tgz,
# $OUT/confirm_b*.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
mkdir -p "$OUT"
GPU_MATCH=H200 SHAPES=bench/shapes/h200_s21_rest_large.txt BUDGET="${BUDGET:-24}" \
  TUNE_SECONDS="${TUNE_SECONDS:-220}" CONFIRM_SECONDS=60 bash scripts/runs/tune_shards.sh 2>&1 | tail -14
rm -rf /tmp/large && mkdir -p /tmp/large && tar xzf "$OUT/h200_shards.tgz" -C /tmp/large
st=/tmp/large/h200_shards
n=$(wc -l < "$st/gpus.txt")
for ((g = 0; g < n; g++)); do
  share="$st/confirm$(((g + 1) % n)).txt"  # the next GPU's share
  [ -s "$share" ] || continue
  CUDA_VISIBLE_DEVICES=$g SHAPES="$(tr '\n' ' ' < "$share")" OUT="$OUT" BENCH_TIMEOUT=60 \
    spec_bench "confirm_b$g" "" "table:shipped=data/nvidia_h200.json" "table:new=$st/table.json" &
done
wait
for f in "$OUT"/confirm_b*.log; do tail -n 7 "$f"; done
