#!/usr/bin/env bash
# cuBLASLt-autotune's own decomposition of the few-tile long-K shapes on the H200 (notes 170), ON
# the device: its pick there reads as a 128x64 tile in a 1x2 cluster in four pieces (cuBLAS's
# column-major view of our 64x128 2x1, notes 174; cublasLt.h enums:
# tile 18, cluster 5 = 1x2x1; 64x64 in 2x1 on 256x512x12288), 128 CTAs; the same decomposition
# in our space (two consumers or one, ring depth, raster, PDL), against the H200 table's picks,
# REPS processes (default 2), each interleaved with cuBLASLt-autotune nn and tn.
# Output: $OUT/cublas_mirror_s23.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/cublas_mirror_s23}"
d="$out/cublas_mirror_s23"
record_machine "$d"
shapes="512_512_16384 128_2048_8192 256_1024_16384 512_256_16384 512_512_12288 512_512_8192
1024_256_16384 256_1024_8192 256_512_12288 1024_512_16384"
specs="128x64x64_s8_c1x2_coop_tiles_r8m_skp4p 128x64x64_s8_c1x2_coop_tiles_r8m_skp4
128x64x64_s9_c1x2_coop_tiles_r8m_skp4p 128x64x64_s8_c1x2_coop_tiles_r8n_skp4p
128x64x64_s8_c1x2_wg1_tiles_r8m_skp4p 128x64x64_s8_c1x2_coop_tiles_r8m_skp4p_nopdl
64x64x64_s8_c2x1_wg1_tiles_r8m_skp4p table:tab=data/nvidia_h200.json"
OUT="$d" BENCH_TIMEOUT=200 spec_bench_reps run "$shapes" $specs
tar czf "$out/cublas_mirror_s23.tgz" -C "$out" cublas_mirror_s23 && rm -rf "$d"
