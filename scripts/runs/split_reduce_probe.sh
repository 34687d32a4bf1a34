#!/usr/bin/env bash
# Aligned split-K with the reduction spread over every piece (fixup.cuh reduce_slice) against
# the serial fixup (one CTA adds all partials), on the middle-class split-K shapes: the same
# bench twice, the second with the aligned path compiled out (AUTOGEMM_JIT_DEFINES), each
# interleaved with cuBLASLt-autotune. Runs ON the device; the GPU sweep tests run first unless
# TESTS says otherwise (e.g. TESTS=--no-tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=(64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk8 64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk12
       64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk4 64x128x64_s6_c2x1_wg1_persist_r8m_etma_sk4
       64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk8 128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4
       128x128x64_s4_c1x1_coop_persist_r8m_etma_sk8 128x256x64_s4_c2x1_coop_persist_r8m_etma_sk4
       64x32x64_s8_c1x1_wg1_persist_r8m_sk12_swap 64x64x64_s8_c1x1_wg1_persist_r8m_sk12_swap
       64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap 64x32x64_s8_c1x1_wg1_persist_r8m_sk4_swap
       64x64x64_s8_c2x2_wg1_persist_r8m_etma_sk12 64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk16)
specs=""
for t in "${tails[@]}"; do specs="$specs --spec sm90_f16f32_tn_$t"; done
shapes=""
for s in 128_2048_8192 512_512_16384 512_1024_4096 64_4096_4096 256_1024_16384 512_64_16384 \
         64_1024_16384 256_512_12288 128_256_16384 1024_512_16384 128_128_16384 2048_128_16384 \
         1024_1024_16384 256_64_16384 64_256_12288 128_4096_12288 8192_64_8192 16_5120_13824 \
         32_5120_13824 48_5120_5120; do
  shapes="$shapes --mnk $s"
done
test_args=(--ctest "-R Sweep")
[ -n "${TESTS:-}" ] && read -ra test_args <<< "$TESTS"
args="$shapes --mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --layout tn $specs"
out="${OUT:-$PWD/device_out}"
OUT="$out/reduce" bash scripts/device_job.sh "${test_args[@]}" h200_split_reduce_tn "$args"
OUT="$out/serial" AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_ALIGNED_SPLIT_K \
  bash scripts/device_job.sh --no-tests h200_split_serial_tn "$args"
