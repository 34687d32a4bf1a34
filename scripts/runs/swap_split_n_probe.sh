#!/usr/bin/env bash
# Swap-AB with split N (notes 210-211): cuBLASLt-autotune's picks on 16384x16384x4096 (tn: a
# five-stage 128x192 2x1 coopB, nn: a three-stage 192x192 2x1 coopB) and on 2124x4544x11208
# (128x304 2x1) are, in our kernel's frame, swap-AB tiles whose two warpgroups split the
# columns (the problem's M), up to 2 x 256 wide. Here they run against the table's pick (or
# gemm()'s on shapes off the table) and the best of our space seen before, interleaved with
# cuBLASLt-autotune nn and tn. Runs ON the device. Output: $OUT/swap_split_n.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/swap_split_n}"
d="$top/swap_split_n"
record_machine "$d"
[ "${ONLY:-}" = odd_m ] && REPS=0
for rep in $(seq 1 "${REPS:-2}"); do
  OUT="$d" BENCH_ARGS="--rounds 11" spec_bench "s16k_tn_$rep" 16384_16384_4096 \
    table:tab=data/nvidia_h200.json \
    128x160x64_s5_c2x1_pp_persist_r8m_etmar \
    128x192x64_s5_c2x1_coopn_persist_r8m \
    128x192x64_s5_c2x1_coopn_persist_r8m_swap \
    128x192x64_s5_c1x2_coopn_persist_r8m_swap \
    128x192x64_s4_c2x1_coopn_persist_r8m_swap \
    128x192x64_s5_c2x1_coopn_persist_r16m_swap \
    128x256x64_s4_c2x1_coopn_persist_r8m_swap \
    192x192x64_s4_c2x1_coopn_persist_r8m_swap \
    256x128x64_s4_c1x2_coopn_persist_r8m_swap
done
[ "${ONLY:-}" = odd_m ] || OUT="$d" LAYOUT=nn BENCH_ARGS="--rounds 11" spec_bench s16k_nn 16384_16384_4096 \
  table:tab=data/nvidia_h200.json \
  192x192x64_s3_c2x1_coopn_persist_r8m_swap \
  192x192x64_s4_c2x1_coopn_persist_r8m_swap \
  128x192x64_s5_c2x1_coopn_persist_r8m_swap
# Odd M, large (h200_large_losers_s29, with the best of the space there): tiles fitted to M
# over the kernel's columns. ONLY=odd_m runs this part alone.
OUT="$d" BENCH_ARGS="--rounds 9" spec_bench odd_m \
  "2124_4544_11208 11649_1488_3224 2663_5808_15960" \
  192x136x64_s5_c1x2_wg3_persist_r8m_swap \
  192x192x64_s4_c1x2_coopn_persist_r8m \
  192x128x64_s5_c1x2_coopn_persist_r8m \
  128x192x64_s4_c2x1_pp_persist_r8m_etmar \
  256x128x64_s4_c1x2_coop_persist_r8m_etma \
  128x304x64_s4_c2x1_coopn_persist_r8m_swap \
  128x320x64_s4_c2x1_coopn_persist_r8m_swap \
  128x368x64_s3_c2x1_coopn_persist_r8m_swap \
  128x336x64_s3_c2x1_coopn_persist_r8m_swap \
  128x384x64_s3_c2x1_coopn_persist_r8m_swap \
  192x256x64_s3_c1x2_coopn_persist_r8m_swap
tar czf "$top/swap_split_n.tgz" -C "$top" swap_split_n
