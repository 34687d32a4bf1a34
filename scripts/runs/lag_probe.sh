#!/usr/bin/env bash
# More MMAs in flight (mma_lag 2-3) and deeper rings on small tiles, on the middle-class shapes
# where the trace shows ~300-400 cycles per k-block against 64-128 of tensor work
# (notes/NOTES.md item 24), and on decode shapes. Runs ON the device; the GPU sweep test (which
# covers lag 2-3 specs) runs first unless TESTS says otherwise (e.g. TESTS=--no-tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=()
for sk in sk8 sk12; do
  for v in s8 s8_LAG3 s12 s12_LAG2 s12_LAG3 s13_LAG3; do
    st=${v%%_*}; lag=${v#"$st"}; lag=${lag/_LAG/_lag}
    tails+=("64x64x64_${st}_c1x1_wg1_persist_r8m_etma_${sk}${lag}")
  done
done
for sk in "" _sk4; do
  tails+=("64x128x64_s6_c1x1_wg1_persist_r8m_etma$sk" "64x128x64_s8_c1x1_wg1_persist_r8m_etma${sk}_lag2"
          "64x128x64_s8_c1x1_wg1_persist_r8m_etma${sk}_lag3")
done
tails+=(64x32x64_s8_c1x1_wg1_persist_r8m_sk12_swap 64x32x64_s16_c1x1_wg1_persist_r8m_sk12_swap
        64x32x64_s16_c1x1_wg1_persist_r8m_sk12_lag3_swap 64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap
        64x16x64_s16_c1x1_wg1_persist_r8m_sk4_lag3_swap 64x8x64_s16_c1x1_wg1_persist_r8m_swap
        64x8x64_s16_c1x1_wg1_persist_r8m_lag3_swap
        128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4 128x128x64_s6_c1x1_coop_persist_r8m_etma_sk4_lag2
        128x128x64_s6_c1x1_coop_persist_r8m_etma_lag2)
specs=""
for t in "${tails[@]}"; do specs="$specs --spec sm90_f16f32_tn_$t"; done
shapes=""
for s in 128_2048_8192 512_512_16384 512_1024_4096 64_4096_4096 256_1024_16384 512_64_16384 \
         64_1024_16384 16384_64_512 256_512_12288 128_256_16384 1024_512_16384 128_128_16384 \
         256_2048_2048 2048_128_16384 1_5120_5120 16_5120_13824 48_13824_5120 8_13824_5120; do
  shapes="$shapes --mnk $s"
done
test_args=(--ctest "-R Sweep")
[ -n "${TESTS:-}" ] && read -ra test_args <<< "$TESTS"
exec bash scripts/device_job.sh "${test_args[@]}" \
  h200_lag3_probe_tn "$shapes --mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --layout tn $specs" \
  "$@"
