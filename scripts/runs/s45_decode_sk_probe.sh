#!/usr/bin/env bash
# Session 45, ON an H200 (~3 min; carry the CLI-only pack). Stream-K for decode: the H200's 1-D
# bulk read of a 141.6 MB weight takes 35.0-35.5 us (h200_stream_window_s45), our 128x8
# persistent tile on 1x13824x5120 35.8 us (at that ceiling), but the long-K family (N x K = 5120 x
# 13824: 40 weight row blocks, split three ways = 120 of 132 SMs) 38-42 us. Stream-K with swap-AB
# spreads the 40 x 216 k-blocks over all 132 SMs (~65 k-blocks each, a partial per piece).
# Per token count, the swap tiles with bn = M rounded to 8/16/32/48: the shipped skp3 family
# against stream-K (every SM, or at most 4 CTAs a tile), with and without the PDL prefetch, a
# 64-row wg1 stream-K, on decode.txt's three (N, K) pairs; two processes (gemm()'s pick: s45_stream).
# Predicted: stream-K 5-10% faster than skp3 on 5120 x 13824, within 2% on the others.
# Output: $OUT/s45_decode_sk.tgz
source "$(dirname "$0")/spec_bench.sh"
d="${OUT:-/tmp/s45_decode_sk}/s45_decode_sk"
record_machine "$d"
for rep in 1 2; do
  for m in 1 8 16 32 48; do
    bn=$(( m <= 8 ? 8 : m <= 16 ? 16 : m <= 32 ? 32 : 48 ))
    OUT="$d" spec_bench "m${m}_$rep" "${m}_5120_13824 ${m}_5120_5120 ${m}_13824_5120" \
      128x${bn}x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4 \
      128x${bn}x64_s8_c1x1_coop_persist_r8m_sk_swap \
      128x${bn}x64_s8_c1x1_coop_persist_r8m_sk_swap_pf4 \
      128x${bn}x64_s8_c1x1_coop_persist_r8m_sk4_swap \
      64x${bn}x64_s8_c1x1_wg1_persist_r8m_sk_swap \
      128x${bn}x64_s8_c1x1_coop_persist_r8m_sk_swap_nopdl
  done
  tar czf "$d.tgz" -C "$(dirname "$d")" s45_decode_sk
done
