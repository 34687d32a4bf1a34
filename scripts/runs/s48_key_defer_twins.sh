#!/usr/bin/env bash
# Prepared in session 47 (notes 338), ON an H200 (~2-3 min; CLI-only pack): issue 3's 4096^3 and
# 16384^2x4096 entries against the cooperative deferred-store family (128x256x128 s2 c1x1 coop
# persist etma lag0 defer) in six rasters, each also with the shape compiled in (`_fix`): twelve
# twin tables, REPS processes (default 3) at the acceptance's 15 rounds. Then on the CPU, for each
# shape, scripts/table_update_confirmed.py with process 1 confirming and the others checking
# (--old old --new r16m --also NAME=TABLE for the other eleven).
# Why: 4096^3's entry became the family in r4m (h200_coop_defer_raster_s47), which read
# 1.025-1.026x at 15 rounds (h200_acceptance_s47) while r16m read 0.3-0.5% higher in
# h200_headline_defer_s47; on 16384^2x4096 the family in r16m was level with the ping-pong pick
# to +3% there but within 1% in the raster run's confirming process.
# Predicted: 4096^3 +0.3-1% (a 1.03x pick in most processes), 16384^2x4096 0-2%.
# Output: $OUT/s48_key_defer.tgz
source "$(dirname "$0")/spec_bench.sh"
twins="r4m r8m r16m r4n r8n r16n r4mf r8mf r16mf r4nf r8nf r16nf"
BENCH_ARGS="${BENCH_ARGS:---rounds 15}" table_twin_probe s48_key_defer key "$twins" '
raster = twin.rstrip("f")
for e in t["entries"]:
    m, n, k = e["m"], e["n"], e["k"]
    if (e["dtype"], e["acc"], e["layout"]) != ("fp16", "fp32", "tn"):
        continue
    if (m, n, k) in ((4096, 4096, 4096), (16384, 16384, 4096)):
        shapes.append("%d_%d_%d" % (m, n, k))
        e["spec"] = "sm90_f16f32_tn_128x256x128_s2_c1x1_coop_persist_%s_etma_lag0_defer" % raster
        if twin.endswith("f"):
            e["spec"] += "_fix%dx%dx%d" % (m, n, k)
'
