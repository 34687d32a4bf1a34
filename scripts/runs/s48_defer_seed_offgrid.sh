#!/usr/bin/env bash
# Prepared in session 47 (notes 340), ON an H200 (~3-4 min; CLI-only pack): is the tuner's new
# deferred-store seed (tune::defer_seed: 128x256x128 s2 c1x1 coop persist r8m etma lag0 defer
# where 128x256 tiles fill two waves and 512 <= K <= 8192) worth its place on shapes nobody
# tuned it for? h200_offgrid462_s45's tuned table (462 fresh off-grid shapes, budget 32, before
# the seed existed) as picker `old`, against a twin with the seed in place of each of its 142
# entries the seed applies to, REPS processes (default 3), interleaved with cuBLASLt-autotune.
# Then on the CPU: python3 scripts/table_update_confirmed.py TABLE d1_table.json OUT --confirm
# seed_1.csv --check seed_2.csv --check seed_3.csv --old old --new d1 (the count it would
# replace is the count of shapes where the seed beats a budget-32 tuning by >= 1%).
# Predicted: 25-40 of the 142 (as on the grid, where the family won 48 of ~200), +0.4-0.8% over
# the 142.
# Output: $OUT/s48_defer_seed_offgrid.tgz
# Done in session 48 (h200_defer_seed_offgrid_s48, notes 344): the seed beat the tuned pick by 1%
# in all three processes on 1 of the 142 (table_update_confirmed.py would replace 3) and ran at
# 0.84 of its speed over them. None of these shapes has whole 128x256x128 tiles, as all 53 of its
# grid wins did; the seed now applies to whole-tile shapes only, so on these shapes this script
# times a spec the tuner no longer proposes.
source "$(dirname "$0")/spec_bench.sh"
mkdir -p "${OUT:-/tmp/s48_defer_seed_offgrid}"
table="${OUT:-/tmp/s48_defer_seed_offgrid}/offgrid462_table.json"
gunzip -c bench/results/h200/h200_offgrid462_s45/table.json.gz > "$table"
REPS="${REPS:-3}" TWIN_TABLE="$table" table_twin_probe s48_defer_seed_offgrid seed d1 '
for e in t["entries"]:
    m, n, k = e["m"], e["n"], e["k"]
    if (e["dtype"], e["acc"], e["layout"]) != ("fp16", "fp32", "tn") or "_defer" in e["spec"]:
        continue
    if 512 <= k <= 8192 and -(-m // 128) * -(-n // 256) >= 264:  # tune::defer_seed applies
        shapes.append("%d_%d_%d" % (m, n, k))
        e["spec"] = "sm90_f16f32_tn_128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0_defer"
'
