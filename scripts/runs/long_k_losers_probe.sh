#!/usr/bin/env bash
# The oracle's long-K losers, in the bench's steady state (back-to-back launches, operands warm
# in L2 where they fit), interleaved with cuBLASLt-autotune nn and tn. Runs ON the device.
#   MODE=rasters (default): four clustered base specs under eight rasters each, on ten losers of
#     h200_oracle100_fp16_desc_tn (h200_raster_losers_tn). Output: $OUT/raster_losers.{csv,log}.
#   MODE=split: ten split-K specs with clustered 64x64 and 64x128 tiles (cuBLASLt's structure on
#     256x512x12288) on eight losers of h200_oracle100_fp16_s9_tn (h200_small_split_probe_tn).
#     Output: $OUT/small_split.{csv,log}.
# SHAPES="M_N_K ..." and (rasters) RASTER_LIST="r1m ..." override the lists.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/long_k_losers}"
mkdir -p "$out"
source scripts/runs/cublas_libs.sh
p=sm90_f16f32_tn
a=()
if [ "${MODE:-rasters}" = split ]; then
  name=small_split
  for s in 64x64x64_s8_c2x1_wg1_persist_r8m_etma_sk4 64x64x64_s8_c1x2_wg1_persist_r8m_etma_sk4 \
           64x64x128_s4_c2x1_wg1_persist_r8m_etma_sk4 64x64x64_s12_c2x1_wg1_persist_r1m_etma_sk4 \
           64x64x64_s8_c2x1_wg1_persist_r8m_sk4_swap 64x64x64_s8_c2x1_wg1_persist_r8m_etma_sk8 \
           64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk8 64x64x64_s8_c1x1_wg1_persist_r8m_sk4_swap \
           64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk4 64x64x64_s8_c2x1_wg1_persist_r8m_etma_sk2; do
    a+=(--spec "${p}_$s")
  done
  shapes="256_512_12288 512_512_16384 128_2048_8192 256_1024_16384 1024_512_16384 64_4096_4096
          512_64_16384 2048_128_16384"
else
  name=raster_losers
  for r in ${RASTER_LIST:-r1m r2m r4m r8m r1n r2n r4n r8n}; do
    a+=(--spec ${p}_64x128x64_s6_c2x1_wg1_persist_${r}_etma_sk4)
    a+=(--spec ${p}_64x128x64_s8_c1x2_wg1_persist_${r}_etma)
    a+=(--spec ${p}_64x128x64_s8_c1x2_wg1_persist_${r}_etma_sk4)
    a+=(--spec ${p}_128x128x64_s6_c1x2_coop_persist_${r}_etma_sk2)
  done
  shapes="512_512_16384 256_512_12288 128_2048_8192 256_1024_16384 64_1024_16384 1024_1024_12288
          1024_512_16384 64_12288_16384 1024_1024_16384 512_1024_4096"
fi
m=()
for s in ${SHAPES:-$shapes}; do m+=(--mnk "$s"); done
timeout 560 build/tools/autogemm/autogemm bench "${m[@]}" --mode kernel --layout tn \
  --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm "${a[@]}" \
  --out "$out/$name.csv" > "$out/$name.log" 2>&1
echo "bench exit $?"
