#!/usr/bin/env bash
# Few-tile long-K shapes with larger multicast clusters under split-K (notes 164), ON the device.
# These shapes are bound by L2-to-SM bytes: with 64x128 tiles in a 4x1 cluster 512x512x16384
# reads 96 MiB from L2, as does cuBLASLt's pick (64x128 2x1 in four pieces, notes 174: 17.8 us).
# 128x128 tiles in 4x2 or 2x4
# clusters read half that (48 MiB), 64x128 in 4x2 two thirds. Eight-CTA clusters fit two to a
# GPC, so 16 of them (128 CTAs) make one wave. Specs: those clusters in 2-8 pieces (128x256 in
# these clusters spills), against the
# H200 table's picks, interleaved with cuBLASLt-autotune nn and tn, REPS processes (default 2).
# Output: $OUT/big_cluster_split.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/big_cluster_split}"
d="$out/big_cluster_split"
record_machine "$d"
shapes="512_512_16384 512_256_16384 512_512_8192 1024_256_16384 512_512_12288 256_1024_8192
128_2048_8192 256_1024_16384 1024_512_16384 256_512_12288 1024_1024_16384 1024_1024_12288
512_1024_8192 1024_1024_8192"
specs="128x128x64_s6_c4x2_coop_tiles_r8m_skp8p 128x128x64_s6_c2x4_coop_tiles_r8m_skp8p
128x128x64_s6_c4x2_coop_tiles_r8m_skp4p 128x128x64_s6_c2x4_coop_tiles_r8m_skp4p
128x128x64_s6_c2x2_coop_tiles_r8m_skp7p 128x128x64_s6_c4x2_coop_tiles_r8m_skp2p
64x128x64_s8_c4x2_wg1_tiles_r8m_skp4p 64x128x64_s8_c2x4_wg1_tiles_r8m_skp4p
64x128x64_s8_c4x2_wg1_tiles_r8m_skp8p 128x128x64_s6_c2x4_coop_tiles_r8m_skp2p
table:tab=data/nvidia_h200.json"
OUT="$d" BENCH_TIMEOUT=250 spec_bench_reps run "$shapes" $specs
tar czf "$out/big_cluster_split.tgz" -C "$out" big_cluster_split && rm -rf "$d"
