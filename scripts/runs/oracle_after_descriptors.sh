#!/usr/bin/env bash
# After the descriptor change (notes 50), ON the device: oracle100 and the decode shapes with the
# default sweep (and the budget-32 table's pick), interleaved with cuBLAS and cuBLASLt-autotune
# in both layouts; the two latency shapes of issue 4 at the end, on a warm GPU; and bk-128
# variants of the small long-K tiles on the long-K probe shapes. Output: $OUT/results.tgz.
set -euo pipefail
cd "$(dirname "$0")/../.."
table=bench/results/h200/h200_issue5_tables_retuned/tuned_b32.table.json
m="--mode kernel --layout tn --methods cublas_nn,cublas_tn,cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm"
p=sm90_f16f32_tn
bk128=""
for s in 64x128x128_s4_c2x1_wg1_persist_r8n_etma 64x128x128_s4_c1x1_wg1_persist_r8m_etma \
         64x128x128_s4_c2x1_wg1_persist_r8m_etma_sk4 128x128x128_s3_c1x2_coop_persist_r8m_etma_sk2 \
         128x128x128_s3_c2x1_coop_persist_r8m_etma_sk2 64x128x64_s8_c2x1_wg1_persist_r8n_etma \
         64x128x64_s8_c1x1_wg1_persist_r8m_etma 128x128x64_s6_c2x1_coop_persist_r8m_etma_sk2; do
  bk128+=" --spec ${p}_$s"
done
exec bash scripts/device_job.sh --no-tests \
  h200_oracle100_fp16_desc_tn "--shapes bench/shapes/oracle100.txt $m --spec sweep --spec table:b32=$table" \
  h200_decode_desc_tn "--shapes bench/shapes/decode.txt $m --spec sweep" \
  h200_latency_desc_tn "--mnk 64_64_64 --mnk 64_4096_64 $m --spec sweep --spec table:b32=$table" \
  h200_bk128_probe_tn "--shapes bench/shapes/probe_long_k.txt $m $bk128"
