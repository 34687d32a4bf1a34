#!/usr/bin/env bash
# Where the split-K reduction pass's blocks go, on decode shapes (notes 178), ON the device.
# Traces showed the specs whose pass fits the SMs the GEMM leaves idle (the pass asks for no
# shared memory: 256x8 skp6, 128x8 skp3, 192x16 wg3 skp4 on 1x5120x5120) spending ~7 us per call
# outside their loads and MMAs, where 128x16 skp3 (pass asks for 48 KB a block) spends ~0.5.
# The switch AUTOGEMM_REDUCE_SMEM=ask|idle (runtime/launch.cpp, needs the build of f5d3371; removed at 53f60cf)
# forces one placement; processes alternate auto, ask, idle (REPS rounds, default 2), each
# interleaved with cuBLASLt-autotune nn and tn. Then traces of two specs under ask.
# Output: $OUT/reduce_place.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-reduce_place}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
p=sm90_f16f32_tn
shapes="1_5120_5120 8_5120_5120 16_5120_5120 1_13824_5120 8_5120_13824 16_13824_5120 32_5120_5120 512_512_16384"
specs="256x8x64_s6_c1x1_coop_tiles_r8m_skp6_swap 128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap
128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap 192x16x64_s8_c1x1_wg3_tiles_r8m_skp4_swap
128x32x64_s8_c1x1_coop_tiles_r8m_skp3_swap 128x128x64_s7_c4x1_coop_tiles_r16n_skp7p"
PAIRS="${REPS:-2}" OUT="$d" BENCH_TIMEOUT=120 spec_bench_arms \
  "auto ask:AUTOGEMM_REDUCE_SMEM=ask idle:AUTOGEMM_REDUCE_SMEM=idle" "$shapes" $specs
python3 scripts/arm_ratio_stats.py "$d" auto ask "${REPS:-2}" > "$d/auto_vs_ask.txt" 2>&1
python3 scripts/arm_ratio_stats.py "$d" auto idle "${REPS:-2}" > "$d/auto_vs_idle.txt" 2>&1
python3 scripts/ab_stats.py "$d" auto ask "${REPS:-2}" > "$d/ab_auto_ask.txt" 2>&1
python3 scripts/ab_stats.py "$d" auto idle "${REPS:-2}" > "$d/ab_auto_idle.txt" 2>&1
cat "$d/ab_auto_ask.txt" "$d/ab_auto_idle.txt" | grep -E "cublaslt-max|skp" | head -80
AUTOGEMM_REDUCE_SMEM=ask OUT="$d" bash scripts/runs/trace_probe.sh 1_5120_5120 \
  ${p}_256x8x64_s6_c1x1_coop_tiles_r8m_skp6_swap ${p}_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap > /dev/null 2>&1
grep -E "^spec|^plain|^SM clock|first item|mainloop|epilogue" "$d/trace_1_5120_5120.txt"
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
