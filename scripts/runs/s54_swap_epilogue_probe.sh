#!/usr/bin/env bash
# ON the device (session 54; CLI-only pack): is swap-AB's transposed direct store what keeps our
# kernels behind cuBLASLt on tall-skinny middle shapes (h200_tall_skinny_s54)? cuBLASLt runs
# 9210x504x1880 as one wave of 256x144 tiles in its frame, which is our swap-AB frame, storing C
# with contiguous rows; our swap-AB tiles store C element pairs transposed (epilogue direct only),
# and 256x144 swap-AB is outside our register budget. The same computation on the transposed
# problem (504x9216x1880, N rounded up to a multiple of 8 as TMA needs: the same operands and flops within 0.1%, C transposed) runs our non-swap 256x144 with
# a TMA epilogue: if that matches cuBLASLt, a TMA epilogue for swap-AB is the lever.
# Timed, one process each against cuBLASLt-autotune: the transposed shapes with 256x144 coop
# (etmar s3, direct s4) in 1x2 and 1x1 clusters; the real shapes with our best swap-AB tiles.
# Then `autogemm trace` of one of each (per-tile mainloop and epilogue cycles).
# Output: $OUT/swap_epilogue.tgz
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out swap_epilogue)"
OUT="$d" BENCH_TIMEOUT=200 spec_bench transposed "504_9216_1880 736_6840_1192 384_6552_2432" \
  256x144x64_s3_c1x2_coop_persist_r8m_etmar 256x144x64_s3_c1x1_coop_persist_r8m_etmar \
  256x144x64_s4_c1x2_coop_persist_r8m > /dev/null
grep -A8 "^method" "$d/transposed.log" | head -9
OUT="$d" BENCH_TIMEOUT=200 spec_bench real "9210_504_1880 6837_736_1192 6549_384_2432" \
  128x288x64_s4_c2x1_coopn_persist_r8m_swap 128x152x64_s6_c1x1_coop_persist_r8m_swap \
  192x104x64_s5_c1x2_wg3_persist_r8m_swap > /dev/null
grep -A8 "^method" "$d/real.log" | head -9
bin=build/tools/autogemm/autogemm
timeout 120 $bin trace --spec sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_swap --mnk 9210_504_1880 \
  --runs 50 --warmup_ms 200 > "$d/trace_swap.txt" 2>&1
timeout 120 $bin trace --spec sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar --mnk 504_9216_1880 \
  --runs 50 --warmup_ms 200 > "$d/trace_t_etmar.txt" 2>&1
timeout 120 $bin trace --spec sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m --mnk 504_9216_1880 \
  --runs 50 --warmup_ms 200 > "$d/trace_t_direct.txt" 2>&1
tail -12 "$d"/trace_*.txt
tar czf "$OUT/swap_epilogue.tgz" -C "$(dirname "$d")" "$(basename "$d")"
