#!/usr/bin/env bash
# Session 46 (notes 323), ON an H200 (~3 min): the 256x192 cooperative tile in a 1x2 cluster with
# the row-block TMA epilogue against the H200 table's picks (`tab`) and 256x128 c1x2, in the bench's fast
# interleaved protocol (two processes), on issue 3's shapes and large grid shapes whose sides
# 192 and 256 divide. Why: at the power cap (autogemm trace, 12288x12288x4096) it ran at a 4-6%
# higher SM clock than 256x128 c1x2 and the ping-pong 128x192 (fewer L2 bytes per flop, so less
# energy per cycle) at about the same work per cycle, 662-675 TFLOP/s against 649-655. It is
# outside the default sweep and the fitted family (notes 119), so the tuner rarely times it.
# Predicted: +1-3% over the picks where the tile count fills the waves (12288^2x4096,
# 16384^2x4096, 8192x12288x12288), a loss on 8192^3 and 4096^3 (43 columns of 192, 2.7 waves).
# Output: $OUT/wide256/ (wide_{1,2}.csv/log), $OUT/wide256.tgz.
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out wide256)
OUT="$out" BENCH_TIMEOUT=400 spec_bench_reps wide \
  "16384_16384_4096 12288_12288_4096 8192_12288_12288 8192_8192_8192 4096_4096_4096" \
  table:tab=data/nvidia_h200.json 256x128x64_s4_c1x2_coop_persist_r8m_etma \
  256x192x64_s3_c1x2_coop_persist_r8m_etmar 256x192x64_s3_c1x2_coop_persist_r16m_etmar \
  256x192x64_s3_c2x1_coop_persist_r8m_etmar 256x192x32_s6_c1x2_coop_persist_r8m_etmar \
  256x192x64_s3_c1x1_coop_persist_r8m_etmar
tar czf "${OUT:-/tmp/wide256}/wide256.tgz" -C "${OUT:-/tmp/wide256}" wide256
