#!/usr/bin/env python3
"""Scores picks made without measurement against one interleaved bench run's timings.

A pick file holds lines `M_N_K [rank] SPEC [score]` (what `autogemm db rank` prints; only rank-1
lines count when ranks are given). For each shape the run's CSV must hold a timed row of SPEC
(method `autogemm`, i.e. the picks come from the specs that run swept); the oracle is the
fastest sweep spec of the shape. Prints the geomean of t_oracle / t_pick over shapes, by flop
class, and how many picks the run did not time.
Usage:
    python3 scripts/issue5_pick_eval.py RUN.csv PICKS.txt
"""
import collections
import csv
import sys

import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # also when imported by path
from results_csv import open_results_csv  # noqa: E402

from issue5_summary import geomean  # this script's folder is on the path


def flop_class(shape):
    flops = 2 * shape[0] * shape[1] * shape[2]
    return "< 1e8" if flops < 1e8 else "1e8-1e11" if flops < 1e11 else ">= 1e11"


def main(csv_path, picks_path):
    times = collections.defaultdict(dict)  # shape -> spec -> time
    for r in csv.DictReader(open_results_csv(csv_path)):
        if r["method"] == "autogemm" and r["status"] == "ok":
            times[(int(r["M"]), int(r["N"]), int(r["K"]))][r["spec"]] = float(r["median_us"])
    picks = {}
    for line in open(picks_path):
        parts = line.split()
        if not parts or parts[0].startswith("#"):
            continue
        if len(parts) >= 3 and parts[1].isdigit():
            if parts[1] != "1":
                continue
            spec = parts[2]
        else:
            spec = parts[1]
        picks[tuple(int(x) for x in parts[0].split("_"))] = spec
    ratios, by_class, untimed = [], collections.defaultdict(list), []
    for shape, spec in sorted(picks.items()):
        if spec not in times.get(shape, {}):
            untimed.append(shape)
            continue
        r = min(times[shape].values()) / times[shape][spec]
        ratios.append(r)
        by_class[flop_class(shape)].append(r)
    print(f"picks: {len(picks)}, timed in the run: {len(ratios)}, not timed: {len(untimed)}")
    print(f"t_oracle / t_pick (geomean): {geomean(ratios):.3f}")
    for c in ("< 1e8", "1e8-1e11", ">= 1e11"):
        if by_class[c]:
            print(f"  {c}: {len(by_class[c])} shapes, {geomean(by_class[c]):.3f}")
    return 0 if ratios and not untimed else 1


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))
