#!/usr/bin/env bash
# Prepared in session 40, ON the device (an H200, ~6-9 min: two processes of up to 280 s): do tiles
# as wide as cuBLASLt's close the off-table shapes where gemm() loses most? On
# bench/shapes/large_weak10_s40.txt cuBLASLt-autotune (CUDA 13) runs 192x208, 128x272, 192x160,
# 256x160 and 224x128 tiles at 676-763 TFLOP/s, ours 648-688 (notes 277). Timed here,
# interleaved with cuBLASLt-autotune (bench refuses `auto` beside named specs; gemm()'s pick read
# 0.87-0.95x of cuBLASLt there): 192x208 and 192x224 split N (two warpgroups of 192 x 104/112),
# 256x160-192 cooperative, direct stores (item 119: 3-14% slower than the best old spec on 8192³,
# an H100), the two tiles the table picks most, and each shape's fitted specs (`fitted`:
# fitted_specs and wide_swap_specs, the latter cuBLASLt's structure, swap-AB with split N: 192x208
# over 5378x952 makes 5 x 26 = 130 CTAs, as cuBLASLt's 192x208 does; on 40 fresh large shapes
# they changed nothing, h200_swap_split_n_s30). Predicted: the best of these within 2% of
# gemm()'s pick on most of the ten; where it reaches 0.97-1.0x, the trial lacks that family.
# Output: $OUT/s41_wide_tile.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s41_wide_tile}"
d="$top/s41_wide_tile"
record_machine "$d" > /dev/null
OUT="$d" BENCH_TIMEOUT=280 spec_bench_reps wide "$(shape_list bench/shapes/large_weak10_s40.txt)" \
  fitted 192x208x64_s4_c1x1_coopn_persist_r8m 192x208x64_s4_c2x1_coopn_persist_r8m \
  192x224x64_s4_c1x1_coopn_persist_r8m 256x160x64_s4_c1x1_coop_persist_r8m \
  256x160x64_s3_c1x1_coop_persist_r8m_etmar 256x160x64_s4_c1x2_coop_persist_r8m \
  256x176x64_s4_c1x1_coop_persist_r8m 256x192x64_s4_c1x1_coop_persist_r8m \
  128x192x64_s4_c1x1_pp_persist_r16m_etmar 128x256x64_s4_c1x1_coop_persist_r8m_etma
tar czf "$top/s41_wide_tile.tgz" -C "$top" s41_wide_tile
