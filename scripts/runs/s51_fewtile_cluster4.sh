#!/usr/bin/env bash
# Session 51: few-tile long-K shapes with more multicast per CTA. Under ncu (s51_split_parts_probe)
# the 64x128 c4x1 skp3p GEMM grid did 33% more k-blocks per CTA than c2x1 skp4p in the same time on
# 256x1024x16384: four sharers of each B slice fetch 12 KB a k-block per CTA against 16. So
# 4-CTA clusters (and wider tiles: 64x256 c4x1, 128x128 c2x2, 128x128 c1x4) with the pieces that
# fill 128 SMs, against the table's pick and cuBLASLt-autotune, two processes. ON the device.
# Output: $OUT/fewtile_c4_{1,2}.csv(.gz) and logs.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
source scripts/runs/cublas_libs.sh
p=sm90_f16f32_tn
args="--spec table:tab=data/nvidia_h200.json"
for s in ${SPECS:-64x128x64_s8_c4x1_wg1_tiles_r8m_skp4p 64x128x64_s9_c4x1_wg1_tiles_r8m_skp4p \
  64x128x64_s8_c4x1_wg1_tiles_r1m_skp4p 64x128x64_s8_c4x1_wg1_tiles_r8n_skp4p \
  64x256x64_s5_c4x1_wg1_tiles_r8m_skp8p 64x256x64_s4_c4x1_wg1_tiles_r8m_skp8p \
  128x128x64_s6_c2x2_coop_tiles_r8m_skp8p 128x128x64_s6_c2x2_coop_tiles_r8m_skp4p \
  64x128x64_s8_c4x1_wg1_tiles_r8m_skp5p 64x128x64_s8_c2x2_wg1_tiles_r8m_skp4p \
  64x256x64_s5_c2x1_wg1_tiles_r8m_skp8p 128x256x64_s4_c1x2_coop_tiles_r8m_skp16p \
  128x128x64_s6_c1x4_coop_tiles_r8m_skp8p 128x128x64_s6_c1x2_coop_tiles_r8m_skp8p \
  64x256x64_s5_c2x1_wg1_tiles_r8n_skp8p 64x128x64_s8_c4x1_wg1_tiles_r8m_skp8p}; do
  args+=" --spec ${p}_$s"
done
for run in 1 2; do
  timeout 250 build/tools/autogemm/autogemm bench --shapes "${SHAPES:-bench/shapes/below1_middle6_s51.txt}" \
    --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm $args \
    --out "$OUT/fewtile_c4_$run.csv" > "$OUT/fewtile_c4_$run.log" 2>&1
  echo "run $run exit $?"
done
