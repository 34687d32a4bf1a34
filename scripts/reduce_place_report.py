#!/usr/bin/env python3
"""Per shape, the reduction pass's placement under the old rule and the raw time ratio of two
arms (reduce_place_table_probe.sh: DIR/SET_auto_R.csv against DIR/SET_ask_R.csv, R = 1..REPS),
with the split-pass plan's numbers the rule looks at (GEMM CTAs, pass blocks, idle SMs of 132;
the pass's occupancy taken as 16 blocks per SM). Usage: reduce_place_report.py DIR SET REPS
"""
import collections
import csv
import math
import re
import sys

from results_csv import open_results_csv

d, name, reps = sys.argv[1], sys.argv[2], int(sys.argv[3])


def load(f):
    t, sp = {}, {}
    for r in csv.DictReader(open_results_csv(f)):
        if r["status"] == "ok" and r["method"] in ("tab", "autogemm"):
            s = (int(r["M"]), int(r["N"]), int(r["K"]))
            t[s], sp[s] = float(r["median_us"]), r["spec"].split()[-1]
    return t, sp


def plan(s, spec):
    m = re.search(r"_(\d+)x(\d+)x(\d+)_s(\d+)_c(\d)x(\d)_(\w+?)_(tiles|persist)", spec)
    bm, bn, cm, cn = int(m.group(1)), int(m.group(2)), int(m.group(5)), int(m.group(6))
    # (split-pass specs only: coopn, which has no split pass, never reaches here)
    cons = {"wg1": 1, "coop": 2, "pp": 2, "wg3": 3}.get(m.group(7), 1)
    pieces = int(re.search(r"_skp(\d+)", spec).group(1))
    M, N, _ = s
    if "_swap" in spec:
        M, N = N, M
    units = -(-(-(-M // bm)) // cm) * -(-(-(-N // bn)) // cn)
    grid = units * pieces * cm * cn
    pairs = (bm // cons // 64) * bn // 4
    blocks = units * cm * cn * cons
    passb = blocks * max(1, min(4 * 132 // blocks, pairs))
    idle = max(0, 132 - grid)
    return grid, passb, idle, "idle" if passb <= 16 * idle else "ask"


times, specs = collections.defaultdict(lambda: collections.defaultdict(list)), {}
for arm in ("auto", "ask"):
    for r in range(1, reps + 1):
        t, sp = load(f"{d}/{name}_{arm}_{r}.csv")
        specs.update(sp)
        for s, us in t.items():
            times[s][arm].append(us)
rows = []
for s, v in times.items():
    if len(v["auto"]) == reps and len(v["ask"]) == reps:
        ratio = math.exp((sum(map(math.log, v["auto"])) - sum(map(math.log, v["ask"]))) / reps)
        p = plan(s, specs[s]) if "_skp" in specs[s] else (0, 0, 0, "-")
        rows.append((p[3], ratio, s, specs[s], p))
rows.sort()
print("old-rule placement, auto/ask raw time (> 1: asking is faster), shape, spec, GEMM CTAs, pass blocks, idle SMs")
for mode, ratio, s, spec, p in rows:
    print(f"{mode:5s} {ratio:.3f} {'x'.join(map(str, s)):16s} {spec[15:]:60s} {p[0]:4d} {p[1]:5d} {p[2]:4d}")
for mode in ("idle", "ask", "-"):
    x = [r[1] for r in rows if r[0] == mode]
    if x:
        print(f"{mode}: {len(x)} shapes, geomean auto/ask {math.exp(sum(map(math.log, x)) / len(x)):.4f}")
