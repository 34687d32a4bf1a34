#!/usr/bin/env python3
"""Which structural choice wins on which class of shape, from an oracle run's CSV.

For every shape the CSV holds one row per spec of the sweep (method `autogemm`, column `spec`)
and the baselines. Per class of 2MNK (< 1e8, 1e8-1e11, >= 1e11) this prints how often each
structural choice is in the winning spec, and what the space would lose without it: the geomean
over the class of t(best spec without the choice) / t(best spec). Usage:
    python3 scripts/oracle_writeup.py bench/results/h200/h200_oracle100_fixup_tn.csv
"""
import collections
import csv
import math
import sys

import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # also when imported by path
from results_csv import open_results_csv  # noqa: E402

# Structural choices, each a predicate on the spec name.
CHOICES = {
    "swap-AB (small M on the MMA's N)": lambda s: s.endswith("_swap") or "_swap_" in s,
    "stream-K (any)": lambda s: any(t == "sk" or (t.startswith("sk") and t[2:].isdigit())
                                    for t in s.split("_")),
    "cluster split-K (ckN)": lambda s: any(t.startswith("ck") and t[2:].isdigit() for t in s.split("_")),
    "split-K with a reduction pass (skpN, skpNp)": lambda s: any(
        t.startswith("skp") and t[3:].removesuffix("p").isdigit() for t in s.split("_")),
    "split-K count (skN)": lambda s: any(t.startswith("sk") and t[2:].isdigit() for t in s.split("_")),
    "ping-pong": lambda s: "_pp_" in s,
    "ping-pong with 176/192 accumulators": lambda s: "_pp_" in s and ("x176x" in s or "x192x" in s),
    "cooperative (2 consumer warpgroups split a tile)": lambda s: "_coop_" in s,
    "split N (coopn: 2 warpgroups split a tile's columns)": lambda s: "_coopn_" in s,
    "one consumer warpgroup (wg1)": lambda s: "_wg1_" in s,
    "2-CTA cluster (TMA multicast)": lambda s: "_c2x1_" in s or "_c1x2_" in s,
    "TMA-store epilogue (any)": lambda s: "_etma" in s,
    "row-block TMA epilogue (etmar)": lambda s: "_etmar" in s,
    "whole-tile TMA epilogue (etmat)": lambda s: "_etmat" in s,
    "lag0 (stage freed when its MMAs finish)": lambda s: "_lag0" in s,
}


def klass(m, n, k):
    f = 2 * m * n * k
    return "< 1e8" if f < 1e8 else ("1e8 - 1e11" if f < 1e11 else ">= 1e11")


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main(path):
    specs = collections.defaultdict(dict)  # shape -> spec -> µs
    ref = collections.defaultdict(dict)
    for r in csv.DictReader(open_results_csv(path)):
        shape = (int(r["M"]), int(r["N"]), int(r["K"]))
        if r["status"] != "ok":
            continue
        if r["method"] == "autogemm":
            specs[shape][r["spec"]] = float(r["median_us"])
        elif r["method"].startswith("cublaslt_autotune"):
            ref[shape][r["method"]] = float(r["median_us"])
    by_class = collections.defaultdict(list)
    for shape in specs:
        by_class[klass(*shape)].append(shape)
    print(f"source: {path}")
    for c in ["< 1e8", "1e8 - 1e11", ">= 1e11"]:
        shapes = by_class[c]
        if not shapes:
            continue
        best = {s: min(specs[s].values()) for s in shapes}
        vs_ref = geomean([min(ref[s].values()) / best[s] for s in shapes if ref[s]])
        print(f"\n## 2MNK {c}: {len(shapes)} shapes, oracle {vs_ref:.3f}x of cuBLASLt-autotune-max\n")
        print("| choice | in the winner | loss without it (geomean) | worst shape without it |")
        print("| --- | --- | --- | --- |")
        for name, has in CHOICES.items():
            wins = sum(1 for s in shapes if has(min(specs[s], key=specs[s].get)))
            losses = []
            for s in shapes:
                without = [t for sp, t in specs[s].items() if not has(sp)]
                if without:
                    losses.append((min(without) / best[s], s))
            g = geomean([l for l, _ in losses])
            worst = max(losses) if losses else (float("nan"), None)
            print(f"| {name} | {wins}/{len(shapes)} | {g:.3f}x | {worst[0]:.2f}x {worst[1]} |")


if __name__ == "__main__":
    main(sys.argv[1])
