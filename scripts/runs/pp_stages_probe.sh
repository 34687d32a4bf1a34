#!/usr/bin/env bash
# Ping-pong on the headline shapes with K 4096 (notes 205): does the mainloop wait for stages
# (trace), and do a fifth stage or a cluster pay there? cuBLASLt-autotune's pick on
# 16384x16384x4096 tn is a 5-stage ping-pong 128x176 (our terms) in a 2x1 cluster.
# ON the device. Output under $OUT/pp.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/pp_probe}/pp"
record_machine "$out"
OUT="$out" bash scripts/runs/trace_probe.sh 16384_16384_4096 \
  sm90_f16f32_tn_128x160x64_s4_c1x1_pp_persist_r8m_etmar \
  sm90_f16f32_tn_128x160x64_s5_c1x1_pp_persist_r8m_etmar \
  sm90_f16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar
OUT="$out" bash scripts/runs/trace_probe.sh 8192_8192_8192 \
  sm90_f16f32_tn_128x192x64_s4_c1x1_pp_persist_r8m_etmar
OUT="$out" BENCH_TIMEOUT="${BENCH_TIMEOUT:-280}" REPS="${REPS:-2}" spec_bench_reps pp \
  "16384_16384_4096 8192_8192_8192" table:tab=data/nvidia_h200.json \
  128x160x64_s4_c1x1_pp_persist_r8m_etmar \
  128x160x64_s5_c1x1_pp_persist_r8m_etmar \
  128x160x64_s5_c1x1_pp_persist_r16m_etmar \
  128x160x64_s5_c2x1_pp_persist_r8m_etmar \
  128x160x64_s4_c2x1_pp_persist_r8m_etmar \
  128x176x64_s4_c2x1_pp_persist_r8m_etmar \
  128x176x64_s4_c1x1_pp_persist_r8m_etmar \
  128x192x64_s4_c1x1_pp_persist_r8m_etmar \
  128x192x64_s4_c2x1_pp_persist_r8m_etmar
