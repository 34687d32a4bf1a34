#!/usr/bin/env bash
# ON the device (session 47, notes 331; no switch; ~4 min on an H200): the H200 table's large
# fp16/fp32 entries (2MNK >= 1e11) with K <= 4096, plus 8192^3, whose pick is not already a
# deferred store, against three twins of the table in which each of those entries is one fixed
# cooperative `_etma_defer` spec: d1 128x256x128 s2 c1x1 r8m, d2 the same with a 2x1 cluster and
# r16m, d3 128x256x64 s4 c1x1 r16m. Why: in s47_defer_twin_table the deferred store gained most
# (+1-2%) on 128x256x128 s2 tiles with K = 4096, where C's store is the largest share of the time;
# 58 of these short-K entries run ping-pong kernels, several below cuBLASLt. Interleaved with
# cuBLASLt-autotune, REPS processes (default 2); on the CPU, scripts/table_update_confirmed.py
# --old old --new d1 --also d2=... --also d3=..., run 1 confirming and run 2 checking.
# Predicted: 10-25 of the ~70 entries replaced, +0.3-0.6% over all of them.
# TWINS="name=SPEC ..." replaces the three twins (the second run, notes 332: TWINS="r16=..._r16m_...
# r4=..._r4m_..." NAME=s47_coop_defer_raster, after the first run's 14 entries were replaced, which
# leaves them out since they are deferred already). SET=middle takes the middle entries
# (1e10 <= 2MNK < 1e11) with at least two waves of 128x256 tiles instead (notes 333), where a
# persistent CTA has a next tile to hide the store under; SET=lowmid those with 1e8 <= 2MNK < 1e10
# (there K is 64-256), SET=k8192 the large ones with K = 8192 (notes 335), SET=longk those with K > 8192
# (prepared for session 48, not run yet), SET=tiles those with 2MNK >= 1e10, K <= 4096 and two
# waves of 128x128 tiles, for the family's other tiles (128x192, 256x128, 128x128; notes 339).
# SET=w256 (prepared in session 48, notes 350; not run yet): whole 128x256x128 tiles, 240-263 of
# them (1.8-2 waves on 132 SMs, where the sets above stopped at 264), 512 <= K <= 4096 and
# 2MNK >= 1e10: 4 of the table's 36 whole-tile 256-tile shapes won with K >= 8192 (session 48).
# The bench's CSVs are named SET_1 .. SET_REPS (session 47's runs, before this, all short_k_N).
# Output: $OUT/${NAME:-s47_coop_defer_short_k}.tgz
source "$(dirname "$0")/spec_bench.sh"
case "${SET:-short_k}" in
  short_k | middle | lowmid | k8192 | longk | tiles | w256) ;;
  *) echo "SET='$SET': expected short_k, middle, lowmid, k8192, longk, tiles or w256" >&2; exit 2 ;;
esac
twins="${TWINS:-d1=128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0_defer d2=128x256x128_s2_c2x1_coop_persist_r16m_etma_lag0_defer d3=128x256x64_s4_c1x1_coop_persist_r16m_etma_defer}"
names=""
for w in $twins; do names="$names ${w%%=*}"; done
TWIN_SET="${SET:-short_k}" TWIN_SPECS="$twins" table_twin_probe "${NAME:-s47_coop_defer_short_k}" "${SET:-short_k}" "${names# }" '
import os
specs = dict(w.split("=", 1) for w in os.environ["TWIN_SPECS"].split())
for e in t["entries"]:
    m, n, k = e["m"], e["n"], e["k"]
    if (e["dtype"], e["acc"], e["layout"]) != ("fp16", "fp32", "tn") or "_defer" in e["spec"]:
        continue
    flops = 2.0 * m * n * k
    waves2 = -(-m // 128) * -(-n // 256) >= 264  # two waves of 128x256 tiles on 132 SMs
    if os.environ["TWIN_SET"] == "middle":
        chosen = 1e10 <= flops < 1e11 and waves2
    elif os.environ["TWIN_SET"] == "lowmid":
        chosen = 1e8 <= flops < 1e10 and waves2
    elif os.environ["TWIN_SET"] == "k8192":
        chosen = flops >= 1e11 and k == 8192
    elif os.environ["TWIN_SET"] == "longk":
        chosen = flops >= 1e11 and k > 8192
    elif os.environ["TWIN_SET"] == "tiles":  # two waves of 128x128 tiles, K <= 4096
        chosen = flops >= 1e10 and k <= 4096 and -(-m // 128) * -(-n // 128) >= 264
    elif os.environ["TWIN_SET"] == "w256":  # whole tiles just short of two waves
        whole = m % 128 == 0 and n % 256 == 0 and k % 128 == 0
        chosen = (whole and flops >= 1e10 and 512 <= k <= 4096
                  and 240 <= (m // 128) * (n // 256) < 264)
    else:
        chosen = (flops >= 1e11 and k <= 4096) or (m, n, k) == (8192, 8192, 8192)
    if chosen:
        shapes.append("%d_%d_%d" % (m, n, k))
        e["spec"] = "sm90_f16f32_tn_" + specs[twin]
'
