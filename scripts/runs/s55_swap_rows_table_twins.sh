#!/usr/bin/env bash
# ON the device (prepared in session 54, notes 398; no switch; ~2 min on an H200): the H200
# table's 22 unsplit swap-AB entries outside the decode-like and small classes (direct
# stores) against their row-block-epilogue twins (`_etmar`, C staged as its rows; the stages are
# the entry's, or fewer where the staging needs the room: computed offline with
# `autogemm prebuild`, the rule of gemm()'s with_row_block_twins). The table as `old`, the same
# with those entries twinned as `rows`, interleaved with cuBLASLt-autotune, REPS processes
# (default 2). Then, on the CPU, scripts/table_update_confirmed.py with run 1 confirming and run
# 2 checking (--old old --new rows). Predicted: most of the tall-skinny entries (12288 x 64-512,
# 8192x128x16384) faster by 2-10%, the narrow 64x8 / 64x16 ones level; a third to a half replaced.
# Output: $OUT/s55_swap_rows_table_twins.tgz
source "$(dirname "$0")/spec_bench.sh"
table_twin_probe s55_swap_rows_table_twins rows_twin rows '
twins = {
    "sm90_f16f32_tn_64x64x64_s14_c1x2_wg1_persist_r8m_swap":
        "sm90_f16f32_tn_64x64x64_s13_c1x2_wg1_persist_r8m_etmar_swap",
    "sm90_f16f32_tn_64x64x128_s7_c1x2_wg1_persist_r8m_swap_fix128x4096x12288":
        "sm90_f16f32_tn_64x64x128_s6_c1x2_wg1_persist_r8m_etmar_swap_fix128x4096x12288",
    "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_persist_r4n_swap_fix256x128x2048":
        "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_persist_r4n_etmar_swap_fix256x128x2048",
    "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_persist_r4n_swap_fix256x256x2048":
        "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_persist_r4n_etmar_swap_fix256x256x2048",
    "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_persist_r8m_swap_fix512x64x2048":
        "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_persist_r8m_etmar_swap_fix512x64x2048",
    "sm90_f16f32_tn_64x8x128_s6_c1x1_wg1_persist_r1m_swap":
        "sm90_f16f32_tn_64x8x128_s6_c1x1_wg1_persist_r1m_etmar_swap",
    "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_tiles_r16n_swap_fix512x128x2048":
        "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_tiles_r16n_etmar_swap_fix512x128x2048",
    "sm90_f16f32_tn_64x16x128_s4_c1x1_pp_persist_r16m_swap_fix512x256x1024":
        "sm90_f16f32_tn_64x16x128_s4_c1x1_pp_persist_r16m_etmar_swap_fix512x256x1024",
    "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_tiles_r16n_swap_fix1024x64x2048":
        "sm90_f16f32_tn_64x8x128_s4_c1x1_wg1_tiles_r16n_etmar_swap_fix1024x64x2048",
    "sm90_f16f32_tn_64x16x128_s6_c1x1_wg1_persist_r1m_swap_fix1024x128x1024":
        "sm90_f16f32_tn_64x16x128_s6_c1x1_wg1_persist_r1m_etmar_swap_fix1024x128x1024",
    "sm90_f16f32_tn_64x16x128_s7_c1x1_wg1_persist_r1m_swap":
        "sm90_f16f32_tn_64x16x128_s7_c1x1_wg1_persist_r1m_etmar_swap",
    "sm90_f16f32_tn_64x16x128_s8_c1x1_pp_persist_r8m_swap":
        "sm90_f16f32_tn_64x16x128_s8_c1x1_pp_persist_r8m_etmar_swap",
    "sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_persist_r8m_swap":
        "sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_persist_r8m_etmar_swap",
    "sm90_f16f32_tn_64x96x64_s8_c1x1_pp_persist_r8n_swap_fix12288x64x1024":
        "sm90_f16f32_tn_64x96x64_s8_c1x1_pp_persist_r8n_etmar_swap_fix12288x64x1024",
    "sm90_f16f32_tn_64x96x64_s8_c1x1_pp_persist_r16m_swap_fix12288x64x2048":
        "sm90_f16f32_tn_64x96x64_s8_c1x1_pp_persist_r16m_etmar_swap_fix12288x64x2048",
    "sm90_f16f32_tn_64x96x64_s8_c1x1_wg1_tiles_r16m_swap_fix12288x64x16384":
        "sm90_f16f32_tn_64x96x64_s8_c1x1_wg1_tiles_r16m_etmar_swap_fix12288x64x16384",
    "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8n_swap_fix12288x128x1024":
        "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8n_etmar_swap_fix12288x128x1024",
    "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r4m_swap":
        "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r4m_etmar_swap",
    "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8m_swap_acc2":
        "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8m_etmar_swap_acc2",
    "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8n_swap":
        "sm90_f16f32_tn_128x96x64_s6_c1x1_coop_persist_r8n_etmar_swap",
    "sm90_f16f32_tn_64x192x64_s7_c2x1_wg1_persist_r8m_swap":
        "sm90_f16f32_tn_64x192x64_s6_c2x1_wg1_persist_r8m_etmar_swap",
    "sm90_f16f32_tn_128x192x64_s5_c1x1_coop_persist_r8m_lag0_swap_nopdl":
        "sm90_f16f32_tn_128x192x64_s4_c1x1_coop_persist_r8m_etmar_lag0_swap_nopdl",
}
for e in t["entries"]:
    if e["spec"] in twins:
        shapes.append("%d_%d_%d" % (e["m"], e["n"], e["k"]))
        e["spec"] = twins[e["spec"]]
'
