#!/usr/bin/env bash
# Rasters on the long-K shapes where the oracle loses (h200_oracle100_fp16_desc_tn): four
# clustered base specs under eight rasters each, interleaved with cuBLASLt-autotune, in the
# bench's steady state (back-to-back launches, operands warm in L2 where they fit). Runs ON the
# device. Output: $OUT/raster_losers.csv and its log.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/raster_out}"
mkdir -p "$out"
source scripts/runs/cublas_libs.sh
p=sm90_f16f32_tn
a=()
for r in ${RASTER_LIST:-r1m r2m r4m r8m r1n r2n r4n r8n}; do
  a+=(--spec ${p}_64x128x64_s6_c2x1_wg1_persist_${r}_etma_sk4)
  a+=(--spec ${p}_64x128x64_s8_c1x2_wg1_persist_${r}_etma)
  a+=(--spec ${p}_64x128x64_s8_c1x2_wg1_persist_${r}_etma_sk4)
  a+=(--spec ${p}_128x128x64_s6_c1x2_coop_persist_${r}_etma_sk2)
done
m=()
for s in ${SHAPES:-512_512_16384 256_512_12288 128_2048_8192 256_1024_16384 64_1024_16384 \
                   1024_1024_12288 1024_512_16384 64_12288_16384 1024_1024_16384 512_1024_4096}; do
  m+=(--mnk "$s")
done
timeout 560 build/tools/autogemm/autogemm bench "${m[@]}" --mode kernel --layout tn \
  --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm "${a[@]}" \
  --out "$out/raster_losers.csv" > "$out/raster_losers.log" 2>&1
echo "bench exit $?"
