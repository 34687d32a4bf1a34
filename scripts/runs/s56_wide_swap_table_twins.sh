#!/usr/bin/env bash
# ON the device (prepared in session 55, notes 405's Next; no switch; CLI-only pack; ~3-5 min on
# an H200): the H200 table's tall entries (M >= 4N and >= 2048, 2MNK >= 1e10, within 1.03x of
# cuBLASLt-autotune, not already a wide swap-AB tile: 53) against the best-filling wide swap-AB
# tile in a 1-2-CTA cluster for each (`autogemm dispatch --wide-swap 32`'s first such: row blocks in
# the fewest parts that keep four stages where any does; computed offline at 65109c8). The
# table as `old`, the same with those entries replaced as `wide`, interleaved with
# cuBLASLt-autotune, REPS processes (default 2). Then, on the CPU,
# scripts/table_update_confirmed.py with run 1 confirming and run 2 checking (--old old --new wide).
# Predicted: 5-10 of 53 replaced (M >= 8192 with N 256-1024, 1-5% each); the N = 64-128 entries
# lose (half the 128-row tile is past N).
# Output: $OUT/s56_wide_swap_table_twins.tgz
source "$(dirname "$0")/spec_bench.sh"
table_twin_probe s56_wide_swap_table_twins wide_twin wide '
twins = {"12288_1024_16384": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "12288_128_12288": "sm90_f16f32_tn_128x320x64_s4_c1x2_coopn_persist_r8m_swap",
 "12288_2048_1024": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "12288_2048_12288": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "12288_2048_16384": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "12288_256_8192": "sm90_f16f32_tn_128x192x64_s5_c2x1_coopn_persist_r8m_etmar_swap",
 "12288_512_16384": "sm90_f16f32_tn_128x192x64_s5_c2x1_coopn_persist_r8m_etmar_swap",
 "12288_512_4096": "sm90_f16f32_tn_128x192x64_s5_c2x1_coopn_persist_r8m_etmar_swap",
 "12288_512_8192": "sm90_f16f32_tn_128x192x64_s5_c2x1_coopn_persist_r8m_etmar_swap",
 "12288_64_12288": "sm90_f16f32_tn_128x320x64_s4_c1x2_coopn_persist_r8m_swap",
 "12288_64_16384": "sm90_f16f32_tn_128x320x64_s4_c1x2_coopn_persist_r8m_swap",
 "12288_64_8192": "sm90_f16f32_tn_128x320x64_s4_c1x2_coopn_persist_r8m_swap",
 "16384_1024_12288": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_1024_16384": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_128_12288": "sm90_f16f32_tn_128x128x64_s7_c1x2_coopn_persist_r8m_swap",
 "16384_128_16384": "sm90_f16f32_tn_128x128x64_s7_c1x2_coopn_persist_r8m_swap",
 "16384_128_8192": "sm90_f16f32_tn_128x128x64_s7_c1x2_coopn_persist_r8m_swap",
 "16384_2048_12288": "sm90_f16f32_tn_192x240x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_256_12288": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_256_2048": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_256_4096": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_256_8192": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_4096_1024": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_4096_16384": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_4096_2048": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_4096_4096": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_4096_512": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_4096_8192": "sm90_f16f32_tn_192x256x64_s4_c1x1_coopn_persist_r8m_swap",
 "16384_512_16384": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_512_2048": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_512_4096": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_512_8192": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "16384_64_16384": "sm90_f16f32_tn_128x128x64_s7_c1x2_coopn_persist_r8m_swap",
 "16384_64_8192": "sm90_f16f32_tn_128x128x64_s7_c1x2_coopn_persist_r8m_swap",
 "2048_512_16384": "sm90_f16f32_tn_128x160x64_s6_c2x1_coopn_persist_r8m_swap",
 "4096_1024_16384": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "4096_1024_8192": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "4096_128_12288": "sm90_f16f32_tn_128x240x64_s4_c1x2_coopn_persist_r8m_etmar_swap",
 "4096_512_16384": "sm90_f16f32_tn_128x128x64_s7_c2x1_coopn_persist_r8m_swap",
 "4096_512_4096": "sm90_f16f32_tn_128x128x64_s7_c2x1_coopn_persist_r8m_swap",
 "8192_1024_12288": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "8192_1024_16384": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "8192_1024_2048": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "8192_128_16384": "sm90_f16f32_tn_128x288x64_s4_c1x2_coopn_persist_r8m_etmar3_swap",
 "8192_128_8192": "sm90_f16f32_tn_128x288x64_s4_c1x2_coopn_persist_r8m_etmar3_swap",
 "8192_2048_12288": "sm90_f16f32_tn_192x240x64_s4_c1x1_coopn_persist_r8m_swap",
 "8192_2048_8192": "sm90_f16f32_tn_192x240x64_s4_c1x1_coopn_persist_r8m_swap",
 "8192_256_12288": "sm90_f16f32_tn_128x128x64_s7_c2x1_coopn_persist_r8m_swap",
 "8192_256_16384": "sm90_f16f32_tn_128x128x64_s7_c2x1_coopn_persist_r8m_swap",
 "8192_256_8192": "sm90_f16f32_tn_128x128x64_s7_c2x1_coopn_persist_r8m_swap",
 "8192_512_12288": "sm90_f16f32_tn_128x256x64_s4_c2x1_coopn_persist_r8m_etmar_swap",
 "8192_64_12288": "sm90_f16f32_tn_128x288x64_s4_c1x2_coopn_persist_r8m_etmar3_swap",
 "8192_64_16384": "sm90_f16f32_tn_128x288x64_s4_c1x2_coopn_persist_r8m_etmar3_swap"}
for e in t["entries"]:
    key = "%d_%d_%d" % (e["m"], e["n"], e["k"])
    if key in twins and e["layout"] == "tn" and e["dtype"] == "fp16" and e["acc"] == "fp32":
        shapes.append(key)
        e["spec"] = twins[key]
'
