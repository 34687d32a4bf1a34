#!/usr/bin/env bash
# Session 33's experiment: cluster split-K with each group's k-blocks interleaved (group g takes
# k-blocks g, g + G, ...; AUTOGEMM_CK_INTERLEAVE through AUTOGEMM_JIT_DEFINES) instead of
# contiguous, so that a cluster reads each row's next G k-blocks at once (h100_stream_ceiling_s33:
# a dense window streams ~4% faster than a GEMM's walk). Fixed specs, processes alternating
# contig and inter, on decode and operand-streaming shapes. ON the device. Output: $OUT/ck.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/ck}"
d="$top/ck"
record_machine "$d" > /dev/null
shapes="${SHAPES:-1_13824_5120 8_13824_5120 16_5120_13824 1_5120_5120 32_5120_5120 16384_64_16384 64_16384_16384}"
specs="128x8x64_s8_c1x1_coop_tiles_r8m_ck4_swap 128x8x64_s8_c1x1_coop_tiles_r8m_ck8_swap
  64x8x64_s8_c1x1_wg1_tiles_r8m_ck4_swap 64x8x64_s8_c1x1_wg1_tiles_r8m_ck8_swap
  128x16x64_s8_c1x1_coop_tiles_r8m_ck4_swap 128x64x64_s8_c1x1_coop_tiles_r8m_ck2
  128x64x64_s8_c1x1_coop_tiles_r8m_ck4 64x64x64_s8_c1x1_wg1_tiles_r8m_ck4
  128x8x64_s8_c1x1_coop_persist_r8m_swap 128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap
  128x64x64_s8_c1x1_coop_persist_r8m_etma"
# shellcheck disable=SC2086
OUT="$d" BENCH_TIMEOUT=200 PAIRS="${PAIRS:-2}" \
  spec_bench_arms "contig inter:AUTOGEMM_JIT_DEFINES=AUTOGEMM_CK_INTERLEAVE" "$shapes" $specs
tar czf "$top/ck.tgz" -C "$top" ck
