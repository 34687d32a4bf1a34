#!/usr/bin/env python3
"""Two arms of a probe, each run as its own process PAIRS times (DIR/A_1.csv .. DIR/B_PAIRS.csv,
`autogemm bench` CSVs): per shape, cuBLASLt-autotune-max per run, then per spec its median time in
every run of A, of B, and A/B per pair (> 1: faster in B). Usage: ab_stats.py DIR A B PAIRS
"""
import csv, sys, collections, math
from results_csv import open_results_csv
d, a, b, pairs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
t = collections.defaultdict(dict)
for arm in (a, b):
    for p in range(1, pairs + 1):
        for r in csv.DictReader(open_results_csv(f"{d}/{arm}_{p}.csv")):
            if r["status"] != "ok": continue
            key = ("x".join((r["M"], r["N"], r["K"])), r["spec"].split()[-1][15:] if r["method"].startswith(("autogemm","tab","oracle")) else r["method"])
            t[key][(arm, p)] = float(r["median_us"])
shapes = sorted(set(k[0] for k in t), key=lambda s: [int(x) for x in s.split("x")])
for s in shapes:
    cub = [min(t.get((s, "cublaslt_autotune_nn"), {}).get((arm, p), 1e9), t.get((s, "cublaslt_autotune_tn"), {}).get((arm, p), 1e9)) for arm in (a,b) for p in range(1,pairs+1)]
    print(s, "cublaslt-max us per run:", " ".join("%.2f" % c for c in cub))
    for k, v in sorted(t.items()):
        if k[0] != s or k[1].startswith("cublaslt"): continue
        if all((arm, p) in v for arm in (a, b) for p in range(1, pairs + 1)):
            ra = [v[(a, p)] for p in range(1, pairs + 1)]; rb = [v[(b, p)] for p in range(1, pairs + 1)]
            print("   %-48s %s | %s  A/B %s" % (k[1], " ".join("%.2f" % x for x in ra), " ".join("%.2f" % x for x in rb), " ".join("%.3f" % (x / y) for x, y in zip(ra, rb))))
