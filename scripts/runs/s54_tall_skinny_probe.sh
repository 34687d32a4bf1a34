#!/usr/bin/env bash
# ON the device (session 54; CLI-only pack): what our kernel space does on the upper-middle shapes
# where gemm() lost most to cuBLASLt-autotune in h200_wavefit_middle_s54
# (bench/shapes/tall_skinny_losers8_s54.txt: 0.84-0.94x). cuBLASLt ran them in one or two exact
# waves of odd tiles in 1x2 clusters (256x144, 192x104, 256x136, 192x112 in its frame). Timed: gemm()'s
# pick, the fitted specs per shape (`fitted`: tiles that fit the shape, swap-AB split-M tiles),
# stream-K twins of the 128x256 tile, and the swap-AB 192x104 / 192x112 wg3 tiles in 1x2 clusters.
# Output: $OUT/tall_skinny.tgz
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out tall_skinny)"
OUT="$d" BENCH_TIMEOUT=280 spec_bench probe "$(shape_list bench/shapes/tall_skinny_losers8_s54.txt)" \
  fitted 128x256x64_s4_c1x1_coop_persist_r8m_etma_sk 128x256x64_s4_c2x1_coop_persist_r8m_etma_sk \
  128x256x64_s4_c1x2_coop_persist_r8m_etma_sk 192x104x64_s5_c1x2_wg3_persist_r8m_swap \
  192x112x64_s5_c1x2_wg3_persist_r8m_swap 128x192x64_s4_c1x1_pp_persist_r8m_etmar > /dev/null
grep -A40 "^method" "$d/probe.log" | head -60
OUT="$d" BENCH_TIMEOUT=200 spec_bench probe_auto "$(shape_list bench/shapes/tall_skinny_losers8_s54.txt)" auto > /dev/null
grep -A5 "^method" "$d/probe_auto.log" | head -6
tar czf "$OUT/tall_skinny.tgz" -C "$(dirname "$d")" "$(basename "$d")"
