#!/usr/bin/env bash
# Prepared in session 42, ON the device (an H200, ~5 min): gemm() with the shipped H200 cost
# model (arm a) against the candidate B3_final (arm b3; h200_costmodel_offline_s42: the shipped
# recipe plus the first off-grid store made with today's kernels, h200_offgrid215_s42), on
# off-table shapes no training store holds and the decode shapes, processes alternating, PAIRS
# rounds (default 2). Offline B3 ranked held-out off-grid shapes better (top-1 +1.2% middle, +0.5%
# large within the store's specs) but gemm()'s six-way trial gains only 0.2-0.3% there, and it
# lost 2.9% on the old decode sweep (split-K dropped on long-K decode shapes). Predicted: middle
# and large within +-0.5%, decode -1..-3%. Ship only if the middle class gains >= 0.5% in both
# pairs and no class, decode above all, loses more than 0.5% (scripts/arm_class_stats.py).
# Carry the candidate: scripts/costmodel_train_b3.sh /tmp/b3 .device/B3_final.json.gz here
# (byte-identical to session 42's), carry .device/B3_final.json.gz with the build.
# MODEL=FILE (carried) times another candidate in the b3 arm, e.g. session 45's B4
# (h200_costmodel_offline_s45); none of these shape files is in its training stores.
# Output: $OUT/s43_costmodel_b3.tgz
source "$(dirname "$0")/spec_bench.sh"
model="${MODEL:-.device/B3_final.json.gz}"
[ -f "$model" ] || { echo "no $model: build it with scripts/costmodel_train_b3.sh and carry it"; exit 2; }
data=/tmp/data_b3
rm -rf "$data" && cp -r data "$data" && cp "$model" "$data/nvidia_h200.costmodel.json.gz"
BENCH_TIMEOUT=280 gemm_arms_probe s43_costmodel_b3 "a b3:AUTOGEMM_DATA_DIR=$data" \
  bench/shapes/large_weak10_s40.txt bench/shapes/large_offgrid32_s27.txt bench/shapes/large_offgrid30_s40.txt \
  bench/shapes/offgrid63_s40.txt bench/shapes/offgrid63_s41.txt bench/shapes/decode.txt
