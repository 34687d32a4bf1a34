#!/usr/bin/env bash
# Two one-consumer CTAs per SM (notes 163), ON the device: the switch AUTOGEMM_CTAS_PER_SM=2
# (through AUTOGEMM_JIT_DEFINES) compiles every one-consumer kernel with __launch_bounds__(256, 2),
# so two fit an SM where their shared memory does (<= ~113 KB each). Few-tile long-K shapes
# (read as cuBLASLt's pick there: 64x128 in a 4x1 cluster in four pieces, 128 CTAs, though its cluster
# enum says 2x1 (notes 163); ours fit 30 four-CTA
# clusters at one CTA per SM) and a few middle shapes; small-ring one-consumer specs and the H200 table's
# picks; processes alternate without and with the switch (PAIRS, default 2), each interleaved with
# cuBLASLt-autotune nn and tn. Output: $OUT/ctas_per_sm.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/ctas_per_sm}"
d="$out/ctas_per_sm"
record_machine "$d"
shapes="512_512_16384 512_256_16384 512_512_8192 1024_256_16384 512_512_12288 256_1024_8192
128_2048_8192 256_1024_16384 1024_512_16384 256_512_12288 1024_1024_16384 64_1024_16384
2048_2048_2048 1024_1024_4096 4096_1024_1024 768_3072_1536"
specs="64x128x64_s4_c4x1_wg1_tiles_r8m_skp4p 64x128x64_s4_c2x1_wg1_tiles_r8m_skp4p
64x128x64_s4_c1x1_wg1_tiles_r8m_skp8p 64x128x64_s4_c2x1_wg1_tiles_r8m_skp8p
64x64x64_s6_c1x1_wg1_tiles_r8m_skp8p 64x128x64_s4_c4x1_wg1_tiles_r8m_skp3p
64x128x64_s3_c1x1_wg1_tiles_r8m_etma 64x128x64_s4_c2x1_wg1_tiles_r8m_etma
64x64x64_s6_c1x1_wg1_tiles_r8m_etma table:tab=data/nvidia_h200.json"
for pair in $(seq 1 "${PAIRS:-2}"); do
  for arm in one two; do
    defs=""; [ "$arm" = two ] && defs="AUTOGEMM_CTAS_PER_SM=2"
    AUTOGEMM_JIT_DEFINES="$defs" OUT="$d" BENCH_TIMEOUT=200 spec_bench "${arm}_$pair" "$shapes" $specs
    echo "== $arm $pair"; grep -A3 "^method" "$d/${arm}_$pair.log" | head -4
  done
done
tar czf "$out/ctas_per_sm.tgz" -C "$out" ctas_per_sm && rm -rf "$d"
