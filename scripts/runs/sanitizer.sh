#!/usr/bin/env bash
# compute-sanitizer memcheck and racecheck on small problems (edge tiles in M, N and K) for specs
# covering each structural path (or the specs given as arguments). Runs ON the device; prints one
# line per (tool, spec).
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/sanitizer}"
mkdir -p "$out"
bin=build/tools/autogemm/autogemm
specs=(
  sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma
  sm90_f16f32_nn_128x256x64_s3_c1x2_coop_persist_r8n_etmat_lag0
  sm90_f16f32_tn_128x128x64_s5_c2x1_pp_persist_r8m_etmat
  sm90_bf16f32_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma_sk
  sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk_swap
  sm90_f16f32_nn_192x192x64_s3_c1x1_wg3_tiles_r4m
  sm90_f16f32_tn_128x176x64_s4_c2x1_pp_persist_r8m_etmar
  sm90_f16f32_tn_128x80x64_s4_c1x1_coop_persist_r8m_etmar
  sm90_f16f16_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma
  sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap
  sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0_defer
)
[ $# -gt 0 ] && specs=("$@")
shapes="${SHAPES:---mnk 200_136_72 --mnk 129_520_2000 --mnk 3_264_1032}"  # SHAPES overrides
i=0
for spec in "${specs[@]}"; do
  dtype=fp16; [[ "$spec" == sm90_bf16* ]] && dtype=bf16
  acc=fp32; [[ "$spec" == sm90_f16f16* ]] && acc=fp16
  # Warm the JIT cache outside the sanitizer.
  "$bin" bench $shapes --dtype $dtype --acc $acc --methods autogemm --spec "$spec" --rounds 1 > /dev/null 2>&1
  for tool in memcheck racecheck; do
    timeout 240 compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 \
      "$bin" bench $shapes --dtype $dtype --acc $acc --methods autogemm --spec "$spec" --rounds 1 \
      > "$out/san_${tool}_$i.log" 2>&1
    rc=$?
    echo "$tool rc=$rc $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/san_${tool}_$i.log" | tail -1) $spec"
  done
  i=$((i + 1))
done
