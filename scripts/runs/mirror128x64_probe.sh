#!/usr/bin/env bash
# cuBLASLt's 128x64 decomposition in our space (notes 131): on few-tile long-K shapes its pick is
# one unsplit wave of 128x64 tiles in 1x2 clusters, or 128x64 in 2-4 pieces with a reduction
# pass; our tuner never measured a 128x64 cooperative tile there. Two processes, each timing the
# candidates interleaved with cuBLASLt-autotune and the H100 table's picks. ON the device.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
specs=""
for s in 128x64x64_s8_c1x2_coop_persist_r8m_etmar 128x64x64_s8_c2x1_coop_persist_r8m_etmar \
  128x64x64_s8_c1x1_coop_persist_r8m_etmar 128x64x64_s9_c1x2_coop_persist_r8m \
  128x64x64_s9_c1x2_coop_persist_r8m_swap 128x64x64_s9_c1x2_coop_tiles_r8m \
  128x64x64_s8_c1x2_coop_tiles_r8m_skp2 128x64x64_s8_c1x2_coop_tiles_r8m_skp4 \
  128x64x64_s8_c1x2_coop_persist_r8m_etmar_sk 128x64x64_s8_c1x2_wg1_persist_r8m_etmar \
  64x128x64_s8_c2x1_pp_persist_r8m_etmar; do
  specs="$specs --spec sm90_f16f32_tn_$s"
done
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
bash scripts/device_job.sh --no-tests \
  h100_mirror128x64_1_tn "--shapes bench/shapes/mirror128x64.txt $m $specs --spec table:h100=data/nvidia_h100_80gb_hbm3.json --spec costmodel:cm=data/nvidia_h200.costmodel.json.gz" \
  h100_mirror128x64_2_tn "--shapes bench/shapes/mirror128x64.txt $m $specs --spec table:h100=data/nvidia_h100_80gb_hbm3.json --spec costmodel:cm=data/nvidia_h200.costmodel.json.gz"
