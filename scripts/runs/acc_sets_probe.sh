#!/usr/bin/env bash
# Accumulator sets (`accN`, notes/NOTES.md items 22-23) on the shapes where the skinny-tile
# mainloop is latency-bound: each spec with 1, 2 and 4 sets, interleaved with cuBLASLt-autotune.
# Runs ON the device, after the GPU sweep test (which covers acc2/acc4 specs) has passed:
# the GPU sweep test runs first unless TESTS says otherwise (e.g. TESTS=--no-tests).
set -euo pipefail
cd "$(dirname "$0")/../.."
# tail:sets to try beside one set (4 sets only where 4x the accumulators fit in 128 registers)
tails=(
  64x8x64_s8_c1x1_wg1_persist_r8m_swap:2,4
  64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap:2,4
  64x32x64_s8_c1x1_wg1_persist_r8m_sk12_swap:2,4
  64x64x64_s8_c1x1_wg1_persist_r8m_sk4_swap:2,4
  64x128x64_s6_c1x1_wg1_persist_r8m_etmat:2
  128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4:2
)
specs=""
for entry in "${tails[@]}"; do
  t=${entry%%:*}
  specs="$specs --spec sm90_f16f32_tn_$t"
  IFS=, read -ra sets <<< "${entry#*:}"
  for n in "${sets[@]}"; do specs="$specs --spec sm90_f16f32_tn_${t}_acc$n"; done
done
shapes='--mnk 128_128_16384 --mnk 512_64_16384 --mnk 256_512_12288 --mnk 512_512_16384 --mnk 16384_64_512 --mnk 64_4096_4096 --mnk 1_5120_5120 --mnk 16_5120_13824 --mnk 512_1024_4096'
test_args=(--ctest "-R Sweep")
[ -n "${TESTS:-}" ] && read -ra test_args <<< "$TESTS"
exec bash scripts/device_job.sh "${test_args[@]}" \
  h200_acc_sets_probe_tn "$shapes --mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --layout tn $specs" \
  "$@"
