#!/usr/bin/env bash
# Operand-streaming shapes (a skinny N against a long K: the big operand read once from DRAM),
# where cuBLASLt-autotune reaches ~4.3 TB/s on the H200 and our picks ~4.1 (notes 230e): a few
# 128-row tiles (BK 64 or 128, one CTA or a 2x1 cluster sharing B, as cuBLASLt's 64x128 1x2),
# interleaved with cuBLASLt-autotune nn and tn, one process per L2 promotion (as shipped, none,
# 256). ON the device. Output: $OUT/stream.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/stream}"
d="$top/stream"
record_machine "$d" > /dev/null
shapes="${SHAPES:-16384_64_16384 12288_128_8192 16384_256_16384 8192_64_12288 14336_96_14336}"
specs="128x64x64_s8_c1x1_coop_persist_r8m_etma 128x64x64_s6_c1x1_coop_persist_r8m_etmar
  128x64x64_s8_c2x1_coop_persist_r8m_etma 128x64x128_s4_c1x1_coop_persist_r8m_etma
  128x64x128_s4_c2x1_coop_persist_r8m_etma 64x64x128_s6_c1x1_wg1_persist_r8m_etma
  128x128x64_s6_c1x1_coop_persist_r8m_etma 128x128x64_s6_c2x1_coop_persist_r8m_etma"
for arm in shipped none:AUTOGEMM_L2_PROMOTION=none b256:AUTOGEMM_L2_PROMOTION=256; do
  (
    [ "${arm%%:*}" != "$arm" ] && export "${arm#*:}"
    # shellcheck disable=SC2086
    OUT="$d" BENCH_TIMEOUT=150 spec_bench "${arm%%:*}" "$shapes" $specs
  )
done
tar czf "$top/stream.tgz" -C "$top" stream
