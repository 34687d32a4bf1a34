#!/usr/bin/env bash
# ON the device (prepared in session 38; run in session 39 on both GPUs, h200_ and h100_skp_plain_table_s39; no switch): the table's split-pass entries
# without a cluster, launched under PDL, against their plain launches. Session 38 found such
# specs 3-21% faster as plain launches on 10 of 12 fresh shapes (h200_skp_fill_s38; under PDL the
# GEMM after its reduction pass lands on scattered SMs) and plain faster in 18 of the 21 such
# pairs its re-tunes measured (notes 269); the H200 table still holds 61 of them under PDL, the
# H100's 59. The GPU's own table (H200 or H100, by name) as `old`, the same with those entries
# made `_nopdl` (an L2 prefetch dropped) as `plain`, interleaved with cuBLASLt-autotune, REPS
# processes (default 2). Then, on the CPU, scripts/table_update_confirmed.py with run 1
# confirming and run 2 checking (--old old --new plain).
# Output: $OUT/s39_skp_plain_table.tgz
source "$(dirname "$0")/spec_bench.sh"
table_twin_probe s39_skp_plain_table skp_plain plain '
for e in t["entries"]:
    s = e["spec"]
    if re.search(r"_skp\d", s) and "_c1x1_" in s and "_nopdl" not in s:
        shapes.append("%d_%d_%d" % (e["m"], e["n"], e["k"]))
        s = re.sub(r"_pf\d+", "", s)  # the prefetch runs before the PDL wait: PDL only
        # "_nopdl" goes where spec_name puts it: before "_fix", "_pf" and "_ab".
        e["spec"] = re.sub(r"(_fix\d+x\d+x\d+)?(_ab)?$", r"_nopdl\1\2", s, count=1)
'
