#!/usr/bin/env python3
"""Two tuning tables compared through each process's own cuBLASLt, in both protocols of
scripts/runs/sustained_probe.sh: each DIR holds fast_1.csv and sus_1.csv (one process each) with
the table pickers `tab` (TABLE) and `alt` (SPECS="table:alt=FILE"). Per protocol: each table's
geomean over shapes of cuBLASLt-autotune-max / table (per shape, the geomean over the DIRs), the
per-shape ratio alt / tab, and on how many shapes alt was faster.
Usage: table_pair_stats.py DIR...
"""
import collections
import csv
import math
import sys


def load(path):
    cub, tab = {}, {}
    for r in csv.DictReader(open(path)):
        if r["status"] != "ok":
            continue
        s, us = (r["M"], r["N"], r["K"]), float(r["median_us"])
        if r["method"].startswith("cublaslt_autotune"):
            cub[s] = min(cub.get(s, 1e9), us)
        elif r["method"] in ("tab", "alt"):
            tab[(s, r["method"])] = us
    return cub, tab


def gm(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


dirs = sys.argv[1:]
for prot in ("fast", "sus"):
    per = collections.defaultdict(lambda: collections.defaultdict(list))
    runs = []
    for d in dirs:
        cub, tab = load(f"{d}/{prot}_1.csv")
        for (s, name), us in tab.items():
            if s in cub:
                per[name][s].append(cub[s] / us)
        runs.append("/".join("%.4f" % gm([cub[s] / us for (s, n), us in tab.items() if n == name and s in cub])
                             for name in ("tab", "alt")))
    shapes = [s for s in per["tab"] if s in per["alt"]]
    ratio = [gm(per["alt"][s]) / gm(per["tab"][s]) for s in shapes]
    print("%s: tab %.4f alt %.4f alt/tab %.4f; per process tab/alt %s; alt faster on %d of %d" % (
        prot, gm([gm(per["tab"][s]) for s in shapes]), gm([gm(per["alt"][s]) for s in shapes]),
        gm(ratio), " ".join(runs), sum(r > 1 for r in ratio), len(shapes)))
