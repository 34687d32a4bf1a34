#!/usr/bin/env python3
"""Two arms of a gemm()-pick probe where arm B's large-class trials may time one candidate more
than arm A's (h200_wave_fit_s44): reads DIR/A_1..PAIRS and DIR/B_1..PAIRS (.csv and .log, plain
or gzipped, from scripts/runs/spec_bench.sh) and splits the shapes by what B's logs say.

`fired`: every B process's trial of the shape had EXTRA candidates ("chosen from EXTRA
candidates"); `not every`: the other shapes (some or none of B's trials had them); `won all` /
`won some`: of those, the added (last listed) candidate won the trial
in every / some B process. For each group and pair: gemm()'s time A over B (> 1: B faster), raw
and against REF (a fixed picker timed beside gemm() in the same process, such as `cm`), then
pooled over the pairs; and each arm against cuBLASLt-autotune-max (the faster of nn and tn, geomean
over all processes of both arms).
Usage: trial_added_stats.py DIR A B PAIRS [EXTRA=7] [REF=cm]
"""
import collections
import csv
import gzip
import os
import re
import sys

from results_csv import geomean as gm, open_results_csv

TRIAL = re.compile(r"(\d+_\d+_\d+) autogemm: .*first call: ([\d.]+) us against the model's "
                   r"pick's ([\d.]+) us, chosen from (\d+) candidates.*medians in us: (.*?)\)")


def open_log(path):
    if os.path.exists(path):
        return open(path)
    return gzip.open(path + ".gz", "rt")


def trials(path, extra):
    """{shape: whether the added (last) candidate won} for the trials with `extra` candidates.
    It won where the winner's median is the last candidate's and not the model's pick's (the
    trial keeps the pick unless another beats it by its margin, so a swap shows as a different
    median)."""
    out = {}
    with open_log(path) as f:
        for line in f:
            m = TRIAL.match(line)
            if not m or int(m.group(4)) != extra:
                continue
            winner, pick = float(m.group(2)), float(m.group(3))
            last = float(m.group(5).split(", ")[-1].rsplit(" ", 1)[1])
            out[m.group(1)] = abs(last - winner) < 1e-9 and abs(winner - pick) > 1e-9
    return out


def times(path):
    t = {}
    with open_results_csv(path) as f:
        for r in csv.DictReader(f):
            if r["status"] == "ok":
                t[(f"{r['M']}_{r['N']}_{r['K']}", r["method"])] = float(r["median_us"])
    return t


def main(argv):
    if len(argv) < 4:
        sys.exit(__doc__)
    folder, a, b, pairs = argv[0], argv[1], argv[2], int(argv[3])
    extra = int(argv[4]) if len(argv) > 4 else 7
    ref = argv[5] if len(argv) > 5 else "cm"
    runs = {(arm, p): times(f"{folder}/{arm}_{p}.csv") for arm in (a, b)
            for p in range(1, pairs + 1)}
    b_trials = [trials(f"{folder}/{b}_{p}.log", extra) for p in range(1, pairs + 1)]
    shapes = sorted({s for (s, m) in runs[(a, 1)] if m == "autogemm"})
    fired = [s for s in shapes if all(s in t for t in b_trials)]
    won = {s: sum(t[s] for t in b_trials) for s in fired}
    groups = [("fired", fired), ("not every", [s for s in shapes if s not in fired]),
              ("won all", [s for s in fired if won[s] == pairs]),
              ("won some", [s for s in fired if 0 < won[s] < pairs])]
    for name, group in groups:
        methods = ("autogemm", ref, "cublaslt_autotune_nn", "cublaslt_autotune_tn")
        group = [s for s in group if all((s, m) in t for t in runs.values() for m in methods)]
        if not group:
            print(f"{name:9s} n   0")
            continue
        pooled_raw, pooled_ref = [], []
        for p in range(1, pairs + 1):
            ta, tb = runs[(a, p)], runs[(b, p)]
            raw = [ta[(s, "autogemm")] / tb[(s, "autogemm")] for s in group]
            vs = [(ta[(s, "autogemm")] / ta[(s, ref)]) / (tb[(s, "autogemm")] / tb[(s, ref)])
                  for s in group]
            pooled_raw += raw
            pooled_ref += vs
            print(f"{name:9s} pair {p} n {len(group):3d}  {a}/{b} raw {gm(raw):.4f}  "
                  f"vs {ref} {gm(vs):.4f}")
        vs_cub = collections.defaultdict(list)
        for s in group:
            cub = min(gm([t[(s, m)] for t in runs.values()])
                      for m in ("cublaslt_autotune_nn", "cublaslt_autotune_tn"))
            for arm in (a, b):
                mine = gm([runs[(arm, p)][(s, "autogemm")] for p in range(1, pairs + 1)])
                vs_cub[arm].append(cub / mine)
        print(f"{name:9s} pooled n {len(group):3d}  raw {gm(pooled_raw):.4f}  vs {ref} "
              f"{gm(pooled_ref):.4f}  vs cuBLASLt-autotune-max {a} {gm(vs_cub[a]):.4f} "
              f"{b} {gm(vs_cub[b]):.4f}")


if __name__ == "__main__":
    main(sys.argv[1:])
