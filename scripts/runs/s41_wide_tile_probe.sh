#!/usr/bin/env bash
# Prepared in session 40, ON the device (an H200, ~3 min): do tiles as wide as cuBLASLt's close the
# off-table shapes where gemm() loses most? On bench/shapes/large_weak10_s40.txt cuBLASLt-autotune
# (CUDA 13) runs 192x208, 128x272, 192x160, 256x160 and 224x128 tiles at 717-762 TFLOP/s, ours
# 648-688 (notes 277). Our space holds 192-row split-N tiles and 256-row cooperative ones with
# direct stores up to bn 192 (item 119: 3-14% slower than the best old spec on 8192³, an H100);
# the sweep has few of them. Timed here, interleaved with cuBLASLt-autotune, in two processes
# (bench refuses `auto` beside named specs; gemm()'s pick read 0.87-0.95x of cuBLASLt there): 192x208 and 192x224 split N (two warpgroups of 192 x 104/112), 256x160-192
# cooperative, direct stores, and the two tiles the table picks most. Predicted: if the width is
# what cuBLASLt has, the best of these reaches 0.97-1.0x on most of the ten; if not, item 119's
# verdict holds off the grid too.
# Output: $OUT/s41_wide_tile.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s41_wide_tile}"
d="$top/s41_wide_tile"
record_machine "$d" > /dev/null
OUT="$d" BENCH_TIMEOUT=280 spec_bench_reps wide "$(shape_list bench/shapes/large_weak10_s40.txt)" \
  192x208x64_s4_c1x1_coopn_persist_r8m 192x208x64_s4_c2x1_coopn_persist_r8m \
  192x224x64_s4_c1x1_coopn_persist_r8m 256x160x64_s4_c1x1_coop_persist_r8m \
  256x160x64_s3_c1x1_coop_persist_r8m_etmar 256x160x64_s4_c1x2_coop_persist_r8m \
  256x176x64_s4_c1x1_coop_persist_r8m 256x192x64_s4_c1x1_coop_persist_r8m \
  128x192x64_s4_c1x1_pp_persist_r16m_etmar 128x256x64_s4_c1x1_coop_persist_r8m_etma
tar czf "$top/s41_wide_tile.tgz" -C "$top" s41_wide_tile
