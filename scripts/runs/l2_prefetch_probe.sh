#!/usr/bin/env bash
# L2 prefetch ahead of the ring, ON the device: the producer also asks TMA to bring the tiles of
# k-block kb + D into L2 (AUTOGEMM_JIT_DEFINES=AUTOGEMM_L2_PREFETCH=D). The traces of the long-K
# small tiles (h200_ncu_long_k.md) show the ring full and the consumer still waiting for data: a
# load latency of ~3000 cycles, as if many loads missed L2. Same specs without and with D = 8, 16
# (separate processes, each interleaved with cuBLASLt-autotune; the JIT cache keys on the define).
set -euo pipefail
cd "$(dirname "$0")/../.."
table="${TABLE:-bench/results/h200/h200_issue5_tables_retuned/tuned_b32.table.json}"
p=sm90_f16f32_tn
specs="--spec table:b32=$table"
for s in 64x128x64_s8_c2x1_wg1_persist_r8m_etma_sk4 64x128x64_s8_c2x1_wg1_persist_r8m_etma_sk2 \
         64x128x64_s8_c1x1_wg1_persist_r8m_etma 64x128x64_s8_c1x2_wg1_persist_r8n_etma \
         128x128x64_s6_c1x2_coop_persist_r8m_etma_sk2 128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4 \
         128x256x64_s4_c2x1_coop_persist_r8m_etma_sk4 128x96x64_s6_c1x1_coop_persist_r8m_swap \
         64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk8 128x128x64_s6_c1x1_wg1_persist_r8m_etma; do
  specs+=" --spec ${p}_$s"
done
large=""
for s in 128x256x64_s4_c2x1_coop_persist_r8n_etma 256x128x64_s4_c1x2_coop_persist_r8m_etmar \
         128x192x64_s4_c2x1_pp_persist_r8n_etmar; do
  large+=" --spec ${p}_$s"
done
m=cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm
base='--mode kernel --layout tn'
# One device_job per distance: the define is read once per process.
out="${OUT:-/tmp/l2_out}"
for d in 0 8 16; do
  if [ "$d" = 0 ]; then unset AUTOGEMM_JIT_DEFINES; else export AUTOGEMM_JIT_DEFINES="AUTOGEMM_L2_PREFETCH=$d"; fi
  OUT="$out/d$d" bash scripts/device_job.sh --no-tests \
    "h200_l2_prefetch${d}_long_k_tn" "--shapes bench/shapes/probe_long_k.txt $base --methods $m $specs" \
    "h200_l2_prefetch${d}_key3_tn" "--shapes bench/shapes/key3.txt $base --methods $m $large"
done
