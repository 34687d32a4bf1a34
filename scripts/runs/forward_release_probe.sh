#!/usr/bin/env bash
# Forwarded release for clusters, ON the device (AUTOGEMM_JIT_DEFINES=AUTOGEMM_FORWARD_RELEASE):
# consumers release a stage with one local arrival and the producer forwards it to every CTA of
# the cluster, instead of consumer threads arriving remotely. The traces of clustered 64x128
# tiles (h200_trace_cluster_small_tile.txt) show their consumers ~30% slower per k-block than
# the 1x1 kernel's outside the waits for data. Same specs without and with the switch, each run
# interleaved with cuBLASLt-autotune; the 1x1 specs are controls (unchanged code).
set -euo pipefail
cd "$(dirname "$0")/../.."
table="${TABLE:-bench/results/h200/h200_issue5_tables_retuned/tuned_b32.table.json}"
p=sm90_f16f32_tn
specs="--spec table:b32=$table"
for s in 64x128x64_s8_c2x1_wg1_persist_r8m_etma 64x128x64_s8_c2x1_wg1_persist_r8n_etma \
         64x128x64_s8_c1x2_wg1_persist_r8n_etma 64x128x64_s8_c2x1_wg1_persist_r8m_etma_sk4 \
         64x128x64_s8_c2x1_wg1_persist_r8m_etma_sk2 128x128x64_s6_c1x2_coop_persist_r8m_etma_sk2 \
         128x128x64_s6_c2x1_coop_persist_r8m_etma_sk2 128x256x64_s4_c2x1_coop_persist_r8m_etma_sk4 \
         128x64x64_s8_c1x2_coop_persist_r8m_etma 64x128x64_s8_c1x1_wg1_persist_r8m_etma \
         128x128x64_s6_c1x1_coop_persist_r8m_etma_sk2; do
  specs+=" --spec ${p}_$s"
done
large=""
for s in 128x256x64_s4_c2x1_coop_persist_r8n_etma 256x128x64_s4_c1x2_coop_persist_r8m_etmar \
         128x192x64_s4_c2x1_pp_persist_r8n_etmar 128x192x64_s4_c1x2_pp_persist_r8m_etmar \
         128x256x64_s3_c2x1_coop_persist_r8m_etmat 128x192x64_s4_c1x1_pp_persist_r8n_etmar; do
  large+=" --spec ${p}_$s"
done
m=cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm
base='--mode kernel --layout tn'
out="${OUT:-/tmp/fwd_out}"
for d in off on; do  # one process per setting: the define is read once per process
  if [ "$d" = off ]; then unset AUTOGEMM_JIT_DEFINES; else export AUTOGEMM_JIT_DEFINES=AUTOGEMM_FORWARD_RELEASE; fi
  OUT="$out/$d" bash scripts/device_job.sh --no-tests \
    "h200_fwd_release_${d}_long_k_tn" "--shapes bench/shapes/probe_long_k.txt $base --methods $m $specs" \
    "h200_fwd_release_${d}_large_tn" "--shapes bench/shapes/probe_small_k.txt $base --methods $m $large"
done
