#!/usr/bin/env bash
# Multicast clusters for the small long-K tiles, ON the device. ncu (h200_ncu_long_k.md) put the
# L2 at 73-82% of its peak on 1024x1024x16384 for every 1x1 small-tile spec, and the trace shows
# the 64x128 one-consumer mainloop waiting a third of its time for data while running the MMAs
# at full rate otherwise; cuBLASLt-autotune's kernel there is nvjet 64x128, 8 stages, 2x1
# cluster. Our sweep has no clustered 64x128 without split-K. Runs the 64x128 and 128x128 tiles
# with 1x1, 2x1 and 1x2 clusters (split or not) on the long-K losers, and traces two of them.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
p=sm90_f16f32_tn
source scripts/runs/small_tile_specs.sh
specs="$small_tile_specs"
specs+=" --spec ${p}_64x128x64_s6_c2x1_wg1_persist_r8m_etma"
specs+=" --spec ${p}_64x128x64_s8_c2x1_wg1_persist_r8m_etmat"
specs+=" --spec ${p}_64x128x64_s8_c2x1_wg1_persist_r8m_etma_lag2"
for t in "1024_1024_16384 ${p}_64x128x64_s8_c2x1_wg1_persist_r8m_etma" \
         "512_512_16384 ${p}_64x128x64_s8_c2x1_wg1_persist_r8m_etma_sk4" \
         "512_512_16384 ${p}_64x128x64_s8_c1x1_wg1_persist_r8m_etma_sk4"; do
  # shellcheck disable=SC2086
  bash scripts/runs/trace_probe.sh $t
done
mkdir -p "$out/results" && mv "$out"/trace_* "$out/results/" 2>/dev/null || true
base='--shapes bench/shapes/probe_long_k.txt --mode kernel --layout tn'
exec bash scripts/device_job.sh --no-tests \
  h200_cluster_small_tile_probe_tn "$base --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm $specs" \
  "$@"
