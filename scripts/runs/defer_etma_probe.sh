#!/usr/bin/env bash
# Session 46 (notes 326), ON an H200 (~2 min): the deferred store through the double-buffered
# staging (`_etma_defer`: the previous tile's C packed in registers, one 64x64 block stored under
# each of the next tile's first k-blocks) on the large cooperative tiles, against the same tiles
# storing their C after the mainloop. Why: the whole-tile deferred store (h200_energy_ceiling_s46
# section 9) took the epilogue off the critical path but cost a stage and slowed the mainloop 3-4%
# (the whole tile written into shared memory under the first k-block's MMAs); one block per
# k-block keeps the ring and spreads the writes.
# Part 1: autogemm trace (alone at the cap) on 12288^2x4096. Part 2: the bench's fast interleaved
# protocol, two processes, the H200 table's picks beside them; the bench's correctness gate checks
# every spec on every shape, among them short-K and ragged ones where a tile has fewer k-blocks
# than blocks to store (the flush path).
# Predicted: epilogue 2.2k -> ~0.3k cycles a tile, mainloop within 1%; +2-3% on the K = 4096
# shapes for 256x128 c1x2 and 128x256 (0.97 -> 0.99-1.00 of cuBLASLt; 4096^3's 128x256 pick
# family 1.01-1.03 -> 1.03-1.05).
# Output: $OUT/defer_etma.tgz.
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out defer_etma)
specs=(256x128x64_s4_c1x2_coop_persist_r8m_etma 256x128x64_s4_c1x2_coop_persist_r8m_etma_defer
  128x256x64_s4_c1x1_coop_persist_r16m_etma 128x256x64_s4_c1x1_coop_persist_r16m_etma_defer
  128x256x64_s4_c2x1_coop_persist_r8m_etma 128x256x64_s4_c2x1_coop_persist_r8m_etma_defer)
trace_specs "$out" 12288_12288_4096 "${specs[@]:0:4}"
OUT="$out" BENCH_TIMEOUT=300 spec_bench_reps defer \
  "16384_16384_4096 12288_12288_4096 8192_12288_12288 8192_8192_8192 4096_4096_4096 \
   1000_1000_128 3001_2048_192 777_4096_1024 2049_1032_320" \
  table:tab=data/nvidia_h200.json "${specs[@]}"
tar czf "${OUT:-/tmp/defer_etma}/defer_etma.tgz" -C "${OUT:-/tmp/defer_etma}" defer_etma
