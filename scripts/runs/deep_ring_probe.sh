#!/usr/bin/env bash
# Deeper rings for the small long-K tiles, ON the device. Forwarding the release through the
# producer (one more hop between a stage's release and its refill) cost the clustered small
# tiles ~20% (h200_fwd_release_*), so their throughput follows the ring's bytes over the
# release-to-refill latency. Direct stores free the epilogue's staging for one more stage:
# 64x128 with 9 stages and 128x128 with 7, against the 8- and 6-stage TMA-epilogue specs.
set -euo pipefail
cd "$(dirname "$0")/../.."
p=sm90_f16f32_tn
specs=""
for c in c1x1_wg1_persist_r8m c2x1_wg1_persist_r8n c1x2_wg1_persist_r8n; do
  specs+=" --spec ${p}_64x128x64_s8_${c}_etma --spec ${p}_64x128x64_s9_${c}"
done
for sk in sk2 sk4; do
  specs+=" --spec ${p}_64x128x64_s8_c2x1_wg1_persist_r8m_etma_$sk --spec ${p}_64x128x64_s9_c2x1_wg1_persist_r8m_$sk"
done
for c in c1x1 c1x2 c2x1; do
  specs+=" --spec ${p}_128x128x64_s6_${c}_coop_persist_r8m_etma_sk2 --spec ${p}_128x128x64_s7_${c}_coop_persist_r8m_sk2"
done
specs+=" --spec ${p}_128x64x64_s8_c1x1_coop_persist_r8m_etma_sk2 --spec ${p}_128x64x64_s9_c1x1_coop_persist_r8m_sk2"
exec bash scripts/device_job.sh --no-tests \
  h200_deep_ring_probe_tn "--shapes bench/shapes/probe_long_k.txt --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm $specs" \
  "$@"
