#!/usr/bin/env bash
# Ground truth for ranking off the grid on an H100 (notes 137): every sweep spec and every fitted
# spec of each shape of offgrid49a-d timed, interleaved with cuBLASLt-autotune nn and tn and the
# shipped cost model's pick (what gemm() serves there), one set per GPU of a 4-GPU host at once.
# scripts/rank_eval.py then scores any model's ranking against these runs offline.
# ON the device (nvidia-h100-x4). Output: $OUT/offgrid_full.tgz (per set: CSV, log, JSON).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/offgrid_full}"
mkdir -p "$out/offgrid_full"
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee "$out/offgrid_full/gpus.txt"
g=0
for set in offgrid49a offgrid49b offgrid49c offgrid49d; do
  CUDA_VISIBLE_DEVICES=$g OUT="$out/offgrid_full" \
    SHAPES="$(grep -v '^#' bench/shapes/$set.txt | tr '\n' ' ')" \
    BENCH_TIMEOUT=${BENCH_TIMEOUT:-540} AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} \
    spec_bench "h100_full_$set" "" sweep fitted costmodel:cm=data/nvidia_h200.costmodel.json.gz &
  g=$((g + 1))
done
wait
tail -n 12 "$out"/offgrid_full/*.log
tar czf "$out/offgrid_full.tgz" -C "$out" offgrid_full && rm -rf "$out/offgrid_full"
