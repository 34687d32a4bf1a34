#!/usr/bin/env bash
# Where rows at an odd multiple of 16 bytes cost our kernels time (session 32), ON the device:
# `autogemm trace` of each SPEC on its shape with K as drawn (odd16) and K + 8 (32-byte
# sectors), plain builds. Output: $OUT/odd16_trace.txt.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/odd16_trace}"
mkdir -p "$out"
bin=build/tools/autogemm/autogemm
record_machine "$out" > /dev/null
for triple in ${TRIPLES:-\
  sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_swap@16_5680@2056,2064,2048 \
  sm90_f16f32_tn_128x96x64_s8_c2x4_coop_persist_r8m_swap@372_3824@2776,2784 \
  sm90_f16f32_tn_192x64x64_s6_c2x4_wg3_persist_r8m_etmar@372_3824@2776,2784 \
  sm90_f16f32_tn_128x256x64_s4_c2x2_coop_persist_r8n_etma@1929_7608@3656,3664}; do
  spec="${triple%%@*}" rest="${triple#*@}" mn="${rest%@*}" ks="${rest#*@}"
  for k in ${ks//,/ }; do
    timeout 120 "$bin" trace --spec "$spec" --mnk "${mn}_$k" --warmup_ms 300 >> "$out/odd16_trace.txt" 2>&1
  done
done
grep -E "^spec|plain build|wait for data|mainloop|waiting for stages|epilogue|producer" "$out/odd16_trace.txt"
