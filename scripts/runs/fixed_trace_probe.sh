#!/usr/bin/env bash
# Where a compiled-in shape saves time on short calls (notes 218-219), ON the device:
# `autogemm trace` of each SPEC@SHAPE pair plain and with its shape compiled in ("_fixMxNxK"):
# per-tile phases (first data, mainloop, epilogue, gaps) and the plain builds' times back to
# back. Output: $OUT/fixed_trace.txt.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/fixed_trace}"
mkdir -p "$out"
bin=build/tools/autogemm/autogemm
record_machine "$out" > /dev/null
for pair in ${PAIRS_LIST:-\
  sm90_f16f32_tn_64x32x128_s6_c1x1_wg1_persist_r8m_etmar_lag2@100_736_1536 \
  sm90_f16f32_tn_64x80x64_s8_c1x1_wg1_persist_r8m_etmar@164_3200_264 \
  sm90_f16f32_tn_64x64x64_s8_c4x2_wg1_persist_r8m_etmar@3208_80_1400 \
  sm90_f16f32_tn_64x24x64_s8_c1x1_wg1_persist_r8m_swap@22_2240_1104 \
  sm90_f16f32_tn_128x144x64_s4_c1x1_pp_persist_r8m_etmar@12778_144_128}; do
  spec="${pair%@*}" shape="${pair#*@}"
  for s in "$spec" "${spec}_fix${shape//_/x}"; do
    timeout 120 "$bin" trace --spec "$s" --mnk "$shape" --warmup_ms 300 >> "$out/fixed_trace.txt" 2>&1
  done
done
cat "$out/fixed_trace.txt"
