#!/usr/bin/env bash
# Which specs near sm90_f16f32_tn_64x8x64_s8_c1x1_pp_persist_r1m_swap_fix1x13824x5120 compute a
# wrong C (session 21's tuning measured rel_err 0.03 for it and its s9 twin, while the same spec
# without the compiled-in shape and the one-warpgroup twins were right; notes 143). Per shape, one
# correctness-gated bench run of the variants (status per spec in the CSV), then memcheck,
# racecheck and synccheck on the failing spec (SANITIZE=0: none). ON the device. Output: $OUT/pp_swap_fix.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/runs/cublas_libs.sh
out="${OUT:-/tmp/pp_swap_fix}"
d="$out/pp_swap_fix"
mkdir -p "$d"
bin=build/tools/autogemm/autogemm
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$d/gpu.txt"
variants() {  # the specs for shape $1 (M_N_K)
  local f="fix${1//_/x}" p=sm90_f16f32_tn
  echo "${p}_64x8x64_s8_c1x1_pp_persist_r1m_swap_$f ${p}_64x8x64_s8_c1x1_pp_persist_r1m_swap"
  echo "${p}_64x8x64_s8_c1x1_pp_tiles_r1m_swap_$f ${p}_64x8x64_s8_c1x1_pp_persist_r1m_swap_nopdl_$f"
  echo "${p}_64x8x64_s8_c1x1_pp_persist_r8m_swap_$f ${p}_64x16x64_s8_c1x1_pp_persist_r1m_swap_$f"
  echo "${p}_64x8x64_s4_c1x1_pp_persist_r1m_swap_$f ${p}_64x8x64_s8_c1x1_wg1_persist_r1m_swap_$f"
  echo "${p}_64x8x64_s8_c1x1_pp_persist_r1m_lag0_swap_$f ${p}_64x8x64_s8_c1x1_pp_persist_r1m_lag2_swap_$f"
  echo "${p}_64x32x64_s8_c1x1_pp_persist_r1m_swap_$f ${p}_128x8x64_s8_c1x1_pp_persist_r1m_swap_$f"
}
for shape in ${SHAPES:-1_13824_5120 1_13824_1024 1_5120_5120 1_1024_1024 3_13824_5120 8_13824_5120 16_4096_4096 200_1024_512}; do
  specs=()
  for s in $(variants "$shape"); do specs+=(--spec "$s"); done
  timeout 240 "$bin" bench --mnk "$shape" --layout tn --methods autogemm "${specs[@]}" --rounds 1 \
    --out "$d/check_$shape.csv" > "$d/check_$shape.log" 2>&1
  echo "$shape: bench exit $?"
  awk -F, 'NR > 1 { printf "  %-14s %-12s %s\n", $15, $13, $14 }' "$d/check_$shape.csv"
done
spec=sm90_f16f32_tn_64x8x64_s8_c1x1_pp_persist_r1m_swap_fix1x13824x1024
[ "${SANITIZE:-1}" = 0 ] && tools="" || tools="memcheck racecheck synccheck"
for tool in $tools; do
  timeout 200 compute-sanitizer --tool $tool --error-exitcode 9 --print-limit 20 \
    "$bin" bench --mnk 1_13824_1024 --layout tn --methods autogemm --spec "$spec" --rounds 1 \
    > "$d/san_$tool.log" 2>&1
  echo "$tool rc=$? $(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$d/san_$tool.log" | tail -1)"
done
tar czf "$out/pp_swap_fix.tgz" -C "$out" pp_swap_fix && rm -rf "$d"
