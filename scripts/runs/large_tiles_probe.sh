#!/usr/bin/env bash
# Issue 3's large shapes with the tile widths whose waves fill the GPU (notes item 92): on
# 16384x16384x4096 cuBLASLt-autotune nn ran a 128x160 tile at 700 TFLOP/s against 665 for its tn
# pick (h200_cluster4_key3_tn); 128x160 makes 13184 tiles (99.9% of the last wave) where 128x256
# makes 8192 (63 waves for 62.06). 128x160 ping-pong and cooperative (also swap-AB, cuBLASLt's
# orientation), 128x208 and 128x224 cooperative, against the current winners, interleaved with
# cuBLASLt-autotune nn and tn. Runs ON the device. Output: $OUT/large_tiles.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
BENCH_TIMEOUT=400 spec_bench large_tiles "16384_16384_4096 8192_8192_8192 4096_4096_4096" \
  128x256x64_s4_c2x1_coop_persist_r8n_etma 128x192x64_s4_c2x1_pp_persist_r8n_etmar \
  256x128x64_s4_c1x2_coop_persist_r8m_etmar \
  128x160x64_s4_c2x1_pp_persist_r8n_etmar 128x160x64_s5_c2x1_pp_persist_r8n_etmar \
  128x160x64_s4_c1x2_pp_persist_r8m_etmar 128x160x64_s5_c2x1_coop_persist_r8n_etmar \
  128x160x64_s5_c1x2_coop_persist_r8n_swap 128x208x64_s4_c2x1_coop_persist_r8n_etmar \
  128x224x64_s3_c2x1_coop_persist_r8n_etmar
