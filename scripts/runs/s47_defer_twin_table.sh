#!/usr/bin/env bash
# ON the device (prepared in session 46, notes 329; no switch; ~3-4 min on an H200): the H200
# table's large entries (2MNK >= 1e11) that run a persistent cooperative kernel with the
# double-buffered TMA epilogue (`_etma`, 56 of them, mostly 128x256 c1x1), against their
# `_etma_defer` twins (the same spec with C stored block by block under the next tile's first
# k-blocks; h200_energy_ceiling_s46 section 10). The table as `old`, the same with those entries
# deferred as `defer`, interleaved with cuBLASLt-autotune, REPS processes (default 2). Then, on
# the CPU, scripts/table_update_confirmed.py with run 1 confirming and run 2 checking (--old old
# --new defer). Predicted: +0.3-0.8% over the 56 (section 10: +0.47% over 30 large spec-shape
# runs, -2.7% to +2.4% each), a quarter to a third of them replaced.
# Output: $OUT/s47_defer_twin_table.tgz
source "$(dirname "$0")/spec_bench.sh"
table_twin_probe s47_defer_twin_table defer_twin defer '
for e in t["entries"]:
    s = e["spec"]
    if (2.0 * e["m"] * e["n"] * e["k"] >= 1e11 and "_coop_" in s and "_persist_" in s
            and re.search(r"_etma(_|$)", s) and "_sk" not in s and "_defer" not in s):
        shapes.append("%d_%d_%d" % (e["m"], e["n"], e["k"]))
        m = re.match(r"(.*_etma(?:_lag\d)?)(_.*)?$", s)
        e["spec"] = m[1] + "_defer" + (m[2] or "")
'
