#!/usr/bin/env bash
# Session 33's experiment: split-K pieces with a reduction pass, each piece taking the tile's
# k-blocks p, p + P, ... (AUTOGEMM_SKP_INTERLEAVE through AUTOGEMM_JIT_DEFINES) instead of a
# contiguous range, so that a tile's co-launched pieces read each row's next P k-blocks together
# (h100_stream_window_s33: a dense window streams ~4% faster than a GEMM's walk). Fixed specs,
# processes alternating contig and inter, on decode.txt and split-pass shapes of oracle100. ON the
# device. Output: $OUT/skp.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/skp}"
d="$top/skp"
record_machine "$d" > /dev/null
shapes="${SHAPES:-$(shape_list bench/shapes/decode.txt) 512_512_16384 256_512_12288 128_2048_8192}"
specs="128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap 128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap
  128x32x64_s8_c1x1_coop_tiles_r8m_skp3_swap 128x8x64_s8_c1x1_coop_tiles_r8m_skp6_swap
  64x8x64_s8_c1x1_wg1_tiles_r8m_skp3_swap 128x16x64_s8_c1x1_coop_tiles_r8m_skp8_swap
  64x128x64_s9_c4x1_wg1_tiles_r8m_skp3 64x128x64_s9_c2x1_wg1_tiles_r8m_skp4
  128x8x64_s8_c1x1_coop_persist_r8m_swap 128x32x64_s8_c4x1_coop_persist_r8m_swap"
# shellcheck disable=SC2086
OUT="$d" BENCH_TIMEOUT=250 PAIRS="${PAIRS:-2}" \
  spec_bench_arms "contig inter:AUTOGEMM_JIT_DEFINES=AUTOGEMM_SKP_INTERLEAVE" "$shapes" $specs
tar czf "$top/skp.tgz" -C "$top" skp
