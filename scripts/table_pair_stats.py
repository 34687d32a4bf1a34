#!/usr/bin/env python3
"""Two tuning tables compared through each process's own cuBLASLt, in both protocols of
scripts/runs/sustained_probe.sh: each DIR holds fast_R.csv and sus_R.csv (R = 1, 2, ...: one
process each, plain or gzipped) with the table pickers `tab` (TABLE) and `alt`
(SPECS="table:alt=FILE"). Per protocol: each table's geomean over shapes of cuBLASLt-autotune-max
/ table (per shape, the geomean over the processes), the per-shape ratio alt / tab, on how many
shapes alt was faster, and each process's own pair of geomeans.
Usage: table_pair_stats.py DIR...
"""
import collections
import sys

from results_csv import geomean as gm, process_csvs, times_and_cublaslt

for prot in ("fast", "sus"):
    per = collections.defaultdict(lambda: collections.defaultdict(list))
    runs = []
    for d in sys.argv[1:]:
        for f in process_csvs(d, prot):
            cub, times = times_and_cublaslt(f)
            ratios = {n: {s: cub[s] / us for (s, m), us in times.items() if m == n and s in cub}
                      for n in ("tab", "alt")}
            for n, by_shape in ratios.items():
                for s, r in by_shape.items():
                    per[n][s].append(r)
            runs.append("/".join("%.4f" % gm(list(ratios[n].values())) for n in ("tab", "alt")))
    shapes = [s for s in per["tab"] if s in per["alt"]]
    ratio = [gm(per["alt"][s]) / gm(per["tab"][s]) for s in shapes]
    print("%s: tab %.4f alt %.4f alt/tab %.4f; per process tab/alt %s; alt faster on %d of %d" % (
        prot, gm([gm(per["tab"][s]) for s in shapes]), gm([gm(per["alt"][s]) for s in shapes]),
        gm(ratio), " ".join(runs), sum(r > 1 for r in ratio), len(shapes)))
