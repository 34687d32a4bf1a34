#!/usr/bin/env python3
"""Run-to-run spread between two result CSVs of the same command (issue 2's acceptance).

For every shape and method present and ok in both runs it compares
  * the time itself:                 |log(t_run2 / t_run1)|
  * the ratio to a reference method: |log(r_run2 / r_run1)|, r = t_method / t_reference
(ratios are what the project reports, and interleaving should make them steadier than raw
times). Prints the median and 90th percentile of each, per method and over all methods.

  python3 scripts/spread.py run_a.csv run_b.csv [--reference cublaslt_autotune_tn]
"""
import argparse
import csv
import sys
import math

import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # also when imported by path
from results_csv import open_results_csv  # noqa: E402


def load(path):
    times = {}
    for row in csv.DictReader(open_results_csv(path)):
        if row.get("status", "ok") == "ok" and row["median_us"]:
            key = (int(row["M"]), int(row["N"]), int(row["K"]))
            label = row["method"]
            if not label.endswith(("_nn", "_tn")):
                label += "_" + row["layout"]
            times[(key, label)] = float(row["median_us"])
    return times


def pct(values, p):
    s = sorted(values)
    pos = p * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("run1")
    ap.add_argument("run2")
    ap.add_argument("--reference", default="cublaslt_autotune_tn")
    args = ap.parse_args()
    a, b = load(args.run1), load(args.run2)
    methods = sorted({label for (_, label) in a})
    print(f"{'method':28} {'shapes':>6} {'time med':>9} {'time p90':>9} {'ratio med':>9} {'ratio p90':>9}")
    all_t, all_r = [], []
    for m in methods:
        dt, dr = [], []
        for (shape, label), t1 in a.items():
            if label != m or (shape, m) not in b:
                continue
            dt.append(abs(math.log(b[(shape, m)] / t1)))
            ref = (shape, args.reference)
            if m != args.reference and ref in a and ref in b:
                dr.append(abs(math.log((b[(shape, m)] / b[ref]) / (t1 / a[ref]))))
        all_t += dt
        all_r += dr
        if dt:
            rm = f"{pct(dr, .5):9.4f} {pct(dr, .9):9.4f}" if dr else f"{'-':>9} {'-':>9}"
            print(f"{m:28} {len(dt):6} {pct(dt, .5):9.4f} {pct(dt, .9):9.4f} {rm}")
    if all_t:
        rm = f"{pct(all_r, .5):9.4f} {pct(all_r, .9):9.4f}" if all_r else ""
        print(f"{'all':28} {len(all_t):6} {pct(all_t, .5):9.4f} {pct(all_t, .9):9.4f} {rm}")
    print(f"(|log| values: 0.01 is about a 1% change; ratios are to {args.reference})")


if __name__ == "__main__":
    main()
