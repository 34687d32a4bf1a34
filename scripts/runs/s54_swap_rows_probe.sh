#!/usr/bin/env bash
# ON the device (session 54; pack with test_kernel_sweep and the CLI): swap-AB's new row-block
# epilogue (`_etmar_swap`: C staged as C's rows, one TMA box per 64 kernel rows). First its GPU
# tests, then its specs against their direct twins and cuBLASLt-autotune on the upper-middle shapes
# gemm() lost most on (bench/shapes/tall_skinny_losers8_s54.txt), one process: 256x144 in a 1x2
# cluster (cuBLASLt's tile there, newly within the register budget), 128x288 coopn, 192x104 wg3 and
# 128x152 coop. Then `autogemm trace` of 256x144 on 9210x504x1880.
# Output: $OUT/swap_rows.tgz
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out swap_rows)"
gpu_tests "$d/ctest_gpu.log" "KernelSweep.(SwapAbRowBlock|RandomShapes)"
OUT="$d" BENCH_TIMEOUT=250 spec_bench probe "$(shape_list bench/shapes/tall_skinny_losers8_s54.txt)" \
  256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap 256x144x64_s3_c2x1_coop_persist_r8m_etmar_swap \
  128x288x64_s3_c2x1_coopn_persist_r8m_etmar_swap 128x288x64_s4_c2x1_coopn_persist_r8m_swap \
  192x104x64_s5_c1x2_wg3_persist_r8m_etmar_swap 192x104x64_s5_c1x2_wg3_persist_r8m_swap \
  128x152x64_s5_c1x1_coop_persist_r8m_etmar_swap 128x152x64_s6_c1x1_coop_persist_r8m_swap > /dev/null
grep -A12 "^method" "$d/probe.log" | head -13
timeout 120 build/tools/autogemm/autogemm trace --mnk 9210_504_1880 --runs 50 --warmup_ms 200 \
  --spec sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap > "$d/trace_256x144.txt" 2>&1
tail -12 "$d/trace_256x144.txt"
tar czf "$OUT/swap_rows.tgz" -C "$(dirname "$d")" "$(basename "$d")"
