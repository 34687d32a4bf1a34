#!/usr/bin/env bash
# The weight-streaming shapes with every SM (notes 203): their picks run 96-128 CTAs on 132
# SMs and read DRAM at ~87% of its peak against cuBLASLt's ~90%; stream-K twins of those tiles
# spread the same reads over all 132. Runs ON the device, REPS processes (default 2), with the
# shipped table's picks. Output: $OUT/skinny_sk.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/skinny_sk}"
d="$top/skinny_sk"
record_machine "$d"
shapes="${SHAPES:-64_16384_16384 64_12288_16384 64_8192_16384 16384_64_16384 8192_64_12288
  12288_128_8192}"
specs="${SPECS:-64x128x64_s6_c1x1_wg1_persist_r8n_etma 64x128x64_s6_c1x1_wg1_persist_r8n_etma_sk
  64x128x64_s8_c1x1_wg1_persist_r8m_sk 64x96x64_s8_c1x1_wg1_persist_r16m_etmar_sk
  64x64x64_s8_c1x1_wg1_persist_r4n_etma_sk 128x64x64_s6_c1x1_coop_persist_r8m_etmar_sk}"
# shellcheck disable=SC2086
OUT="$d" BENCH_TIMEOUT=200 spec_bench_reps skinny_sk "$shapes" "table:tab=data/nvidia_h200.json" \
  $specs
tar czf "$top/skinny_sk.tgz" -C "$top" skinny_sk
