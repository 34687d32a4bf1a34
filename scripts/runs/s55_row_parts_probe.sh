#!/usr/bin/env bash
# ON the device (session 55; pack with test_kernel_sweep and the CLI): the row-block epilogue
# staged in parts (`_etmarN`: each consumer's row block in N parts of its C rows, 1/N of the
# staging), which gives wide swap-AB tiles back the stage their staging took. First the GPU tests
# (the new RowBlockPartsMatchReference and those of the row-block epilogue's other users), then
# one process on the eight tall-skinny losers of session 54 and five swap-shaped shapes of
# offgrid70_s54 that gemm() lost (0.82-0.99x): 256x144 c1x2 at three stages whole against four in
# halves, 128x288 coopn direct at four against four in thirds; then gemm()'s pick in its own
# process (`auto` runs alone). Then
# `autogemm trace` of the four-stage 256x144 on 9210x504x1880 (its three-stage twin waited
# 18.7k of 44.8k cycles for data, h200_swap_rows_s54). Predicted: 256x144 s4 etmar2 5-12% faster
# than s3 etmar; 128x288 s4 etmar3 2-10% faster than s4 direct on most shapes.
# Output: $OUT/row_parts.tgz
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out row_parts)"
gpu_tests "$d/ctest_gpu.log" "KernelSweep.(RowBlockParts|SwapAbRowBlock|Bk32)"
OUT="$d" BENCH_TIMEOUT=300 spec_bench probe \
  "$(shape_list bench/shapes/tall_skinny_losers8_s54.txt) 4410_984_1880 15855_680_7144 \
11990_1920_400 9843_2152_3352 3418_472_1608" \
  256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap 256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap \
  128x288x64_s4_c2x1_coopn_persist_r8m_swap 128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap \
  > /dev/null
grep -A9 "^method" "$d/probe.log" | head -10
OUT="$d" BENCH_TIMEOUT=200 spec_bench auto "$(shape_list bench/shapes/tall_skinny_losers8_s54.txt) \
4410_984_1880 15855_680_7144 11990_1920_400 9843_2152_3352 3418_472_1608" auto > /dev/null
grep -A4 "^method" "$d/auto.log" | head -5
timeout 120 build/tools/autogemm/autogemm trace --mnk 9210_504_1880 --runs 50 --warmup_ms 200 \
  --spec sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap > "$d/trace_256x144_s4.txt" 2>&1
tail -12 "$d/trace_256x144_s4.txt"
tar czf "$OUT/row_parts.tgz" -C "$(dirname "$d")" "$(basename "$d")"
