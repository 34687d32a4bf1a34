#!/usr/bin/env bash
# ON the device (prepared and run in session 42, h200_coop_twin_s42; no switch): the H200
# table's middle entries (1e8 <= 2MNK < 1e11) with K <= 256 that run a ping-pong kernel with 128-row tiles, against their
# cooperative twins (`_pp_` -> `_coop_`: the same tile, stages, cluster, raster and epilogue).
# In session 42's re-tune 12 of the 15 replaced picks put a coop kernel for a pp one (10 at K = 128,
# h200_middle_retune_s42; notes 288); 61 such entries remain. The table as `old`, the same with
# those entries made coop as `coop`, interleaved with cuBLASLt-autotune, REPS processes
# (default 2; on an H100, its own table's such entries). Then, on the CPU,
# scripts/table_update_confirmed.py with run 1 confirming and run 2 checking (--old old --new
# coop). Predicted: a third replaced, at 3-6% on those.
# Output: $OUT/s42_coop_twin_table.tgz
source "$(dirname "$0")/spec_bench.sh"
table_twin_probe s42_coop_twin_table coop_twin coop '
for e in t["entries"]:
    flops = 2.0 * e["m"] * e["n"] * e["k"]
    tile_m = int(re.search(r"_(\d+)x\d+x\d+_s\d+_", e["spec"])[1])
    if 1e8 <= flops < 1e11 and e["k"] <= 256 and "_pp_" in e["spec"] and tile_m >= 128:
        shapes.append("%d_%d_%d" % (e["m"], e["n"], e["k"]))
        e["spec"] = e["spec"].replace("_pp_", "_coop_")
'
