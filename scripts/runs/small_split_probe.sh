#!/usr/bin/env bash
# Split-K with clustered 64x64 tiles on the oracle's few-tile long-K losers
# (h200_oracle100_fp16_s9_tn): cuBLASLt-autotune picks 64x64 tiles in 2x1 clusters split 4 ways
# there. Interleaved with it in the bench. Runs ON the device. Output: $OUT/small_split.{csv,log}.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/small_split}"
mkdir -p "$out"
source scripts/runs/cublas_libs.sh
p=sm90_f16f32_tn
a=()
for s in 64x64x64_s8_c2x1_wg1_persist_r8m_etma_sk4 64x64x64_s8_c1x2_wg1_persist_r8m_etma_sk4 \
         64x64x128_s4_c2x1_wg1_persist_r8m_etma_sk4 64x64x64_s12_c2x1_wg1_persist_r1m_etma_sk4 \
         64x64x64_s8_c2x1_wg1_persist_r8m_sk4_swap 64x64x64_s8_c2x1_wg1_persist_r8m_etma_sk8 \
         64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk8 64x64x64_s8_c1x1_wg1_persist_r8m_sk4_swap \
         64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk4 64x64x64_s8_c2x1_wg1_persist_r8m_etma_sk2; do
  a+=(--spec "${p}_$s")
done
m=()
for s in ${SHAPES:-256_512_12288 512_512_16384 128_2048_8192 256_1024_16384 1024_512_16384 \
                   64_4096_4096 512_64_16384 2048_128_16384}; do
  m+=(--mnk "$s")
done
timeout 500 build/tools/autogemm/autogemm bench "${m[@]}" --mode kernel --layout tn \
  --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm "${a[@]}" \
  --out "$out/small_split.csv" > "$out/small_split.log" 2>&1
echo "bench exit $?"
