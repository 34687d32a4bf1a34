#!/usr/bin/env bash
# Why the cost model's decode picks lose (notes 178), ON the device: on 1x/8x/16x5120x5120 the
# shipped model ranks 256x8 skp6 and 192x16 wg3 skp4 first, which run ~17% slower than the
# oracle's 128x16 skp3 (h200_acceptance_s23b/decode_short_*.csv). Traces of those specs (per-item
# phases, clock), then one bench per process (REPS, default 2) that separates the tile's rows
# from the piece count: 256 and 128 rows each in 3 and 6 pieces, tile-major and piece-major.
# Output: $OUT/decode_trace.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-decode_trace}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
p=sm90_f16f32_tn
for shape in 1_5120_5120 16_5120_5120; do
  OUT="$d" bash scripts/runs/trace_probe.sh $shape ${p}_256x8x64_s6_c1x1_coop_tiles_r8m_skp6_swap \
    ${p}_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap ${p}_128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap \
    ${p}_192x16x64_s8_c1x1_wg3_tiles_r8m_skp4_swap > /dev/null 2>&1
  grep -E "^spec|^plain|^SM clock|first item|mainloop|waiting for stages|epilogue" "$d/trace_$shape.txt"
done
specs="256x8x64_s6_c1x1_coop_tiles_r8m_skp6_swap 256x8x64_s6_c1x1_coop_tiles_r8m_skp3_swap
256x8x64_s6_c1x1_coop_tiles_r8m_skp6p_swap 128x8x64_s8_c1x1_coop_tiles_r8m_skp6_swap
128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap 128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap
128x16x64_s8_c1x1_coop_tiles_r8m_skp6_swap 192x16x64_s8_c1x1_wg3_tiles_r8m_skp4_swap
64x8x64_s8_c1x1_wg1_persist_r8m_swap auto"
OUT="$d" BENCH_TIMEOUT=150 REPS="${REPS:-2}" spec_bench_reps decode "1_5120_5120 8_5120_5120 16_5120_5120 1_13824_5120 16_5120_13824" $specs
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
