#!/usr/bin/env python3
"""Two arms of a probe, each run as its own process PAIRS times (DIR/A_1.csv .. DIR/B_PAIRS.csv,
`autogemm bench` CSVs), compared through each process's own cuBLASLt: per shape and run, the ratio
cuBLASLt-autotune-max / candidate; per candidate (a spec, "table" for the tab: picker, or another picker's method) the
geomean over shapes of each arm's per-shape geomean ratio, and B over A. The GPU's speed drifts
between processes by several percent (clocks, power); dividing by the same process's cuBLASLt
removes most of it, where ab_stats.py compares raw times. Optional SPEC: its per-shape ratios.
Usage: arm_ratio_stats.py DIR A B PAIRS [SPEC]
"""
import collections
import sys

from results_csv import geomean as gm, times_and_cublaslt

d0, A, B, P = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])


def load(f):
    cub, times = times_and_cublaslt(f)
    # The table picker `tab` reads "table", as in the results written before.
    return {(s, "table" if n == "tab" else n): us for (s, n), us in times.items()}, cub


res = collections.defaultdict(lambda: collections.defaultdict(list))
for arm in (A, B):
    for p in range(1, P + 1):
        t, c = load(f"{d0}/{arm}_{p}.csv")
        for (s, k), us in t.items():
            if s in c:
                res[k][(s, arm)].append(c[s] / us)
for k in sorted(res):
    d = res[k]
    pairs = [(gm(d[(s, A)]), gm(d[(s, B)])) for s in {s for s, _ in d}
             if len(d.get((s, A), [])) == P and len(d.get((s, B), [])) == P]
    if pairs:
        a, b = gm([x for x, _ in pairs]), gm([y for _, y in pairs])
        print("%-45s %3d shapes  vs cuBLASLt %s %.4f %s %.4f  %s/%s %.4f" % (k[:45], len(pairs), A, a, B, b, B, A, b / a))
if len(sys.argv) > 5:
    d = res[sys.argv[5]]
    for s in sorted({s for s, _ in d}, key=lambda s: [int(x) for x in s]):
        a, b = d.get((s, A)), d.get((s, B))
        if a and b:
            print("x".join(s), " ".join("%.3f" % x for x in a), "|", " ".join("%.3f" % x for x in b), " %.3f" % (gm(b) / gm(a)))
