#!/usr/bin/env python3
"""Where an added trial candidate acts: two arms of a gemm()-pick probe (gemm_arms_probe's
DIR/A_1.csv .. DIR/B_PAIRS.csv, with a reference picker REF timed beside gemm() in every process)
split by whether arm B's pick matches REGEX where arm A's, in the same pair, does not.

Per shape set and pair, and pooled over the pairs: B over A of gemm()'s time divided by REF's in
the same process (> 1: B faster), over all shapes, over the shape-pairs where B picked a spec
matching REGEX (the added candidate won its trial) and over the rest (which the change can move
only through the trial's noise). Also each arm against cuBLASLt-autotune-max, pooled.
Usage: arm_pick_split.py DIR A B PAIRS REF REGEX SHAPES...
"""
import collections
import csv
import math
import re
import sys

from results_csv import geomean, open_results_csv


def load(path):
    """{M_N_K: {method: (median us, spec)}} of one process's CSV."""
    rows = collections.defaultdict(dict)
    with open_results_csv(path) as f:
        for r in csv.DictReader(line for line in f if not line.startswith("#")):
            if r["status"] == "ok":
                rows[f"{r['M']}_{r['N']}_{r['K']}"][r["method"]] = (float(r["median_us"]), r["spec"])
    return rows


def main():
    if len(sys.argv) < 8:
        sys.exit(__doc__.strip().splitlines()[-1])
    d, a, b, pairs, ref, regex = sys.argv[1:7]
    pairs, family = int(pairs), re.compile(regex)
    runs = {f"{arm}_{p}": load(f"{d}/{arm}_{p}.csv") for arm in (a, b) for p in range(1, pairs + 1)}
    picked = lambda row: bool(family.search(row["autogemm"][1].split()[-1]))
    lt = lambda row: min(t for m, (t, _) in row.items() if m.startswith("cublaslt_autotune"))
    for shape_file in sys.argv[7:]:
        shapes = [s.strip() for s in open(shape_file) if s.strip() and not s.startswith("#")]
        name = shape_file.rsplit("/", 1)[-1]
        every, won, rest, vs_lt = [], [], [], {a: [], b: []}
        for p in range(1, pairs + 1):
            per_pair, won_pair, rest_pair = [], [], []
            for s in shapes:
                ra, rb = runs[f"{a}_{p}"].get(s, {}), runs[f"{b}_{p}"].get(s, {})
                if not all(k in r for r in (ra, rb) for k in ("autogemm", ref)):
                    print(f"{name} pair {p}: {s} lacks gemm()'s or {ref}'s row; left out",
                          file=sys.stderr)
                    continue
                gain = (rb[ref][0] / rb["autogemm"][0]) / (ra[ref][0] / ra["autogemm"][0])
                per_pair.append(gain)
                (won_pair if picked(rb) and not picked(ra) else rest_pair).append(gain)
                for arm, r in ((a, ra), (b, rb)):
                    vs_lt[arm].append(lt(r) / r["autogemm"][0])
            every, won, rest = every + per_pair, won + won_pair, rest + rest_pair
            print(f"{name:26} pair {p}: {b}/{a} vs {ref} {geomean(per_pair):.4f} (n={len(per_pair)}); "
                  f"picked n={len(won_pair)} {geomean(won_pair) if won_pair else math.nan:.4f}, "
                  f"rest n={len(rest_pair)} {geomean(rest_pair) if rest_pair else math.nan:.4f}")
        print(f"{name:26} pooled: {b}/{a} vs {ref} {geomean(every):.4f}; {b} picked the "
              f"added spec n={len(won)} {geomean(won) if won else math.nan:.4f}, rest n={len(rest)} "
              f"{geomean(rest) if rest else math.nan:.4f}; vs cuBLASLt-autotune-max {a} "
              f"{geomean(vs_lt[a]):.4f} {b} {geomean(vs_lt[b]):.4f}")


if __name__ == "__main__":
    main()
