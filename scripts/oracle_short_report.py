#!/usr/bin/env python3
"""The oracle from short re-runs, with the choice made in one run and timed in the others.

Each CSV is one short run (its own process) of the same shapes: cuBLASLt-autotune nn and tn and
one or more candidate methods (pick tables such as `sweep` and `tuned`, and `autogemm`, gemm()'s
own pick). Per run it prints, against cuBLASLt-autotune-max (the faster of nn and tn per shape),
geomeans overall and by class of 2MNK (< 1e8, 1e8-1e11, >= 1e11) and the shapes below 1.0x, for:
  - each candidate method alone;
  - "max": the fastest candidate per shape within that run (a best-of-n within one run, so
    slightly optimistic);
  - "chosen": per shape the candidate that was fastest in the FIRST run, timed in this run (for
    runs after the first this is unbiased: the choice never saw these times).
Usage: python3 scripts/oracle_short_report.py RUN1.csv RUN2.csv [RUN3.csv ...]
"""
import collections
import csv
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from results_csv import open_results_csv  # noqa: E402

BASELINES = ("cublaslt_autotune_nn", "cublaslt_autotune_tn")


def load(path):
    """{(m, n, k): {method: median_us}} of the rows that ran correctly."""
    times = collections.defaultdict(dict)
    with open_results_csv(path) as f:
        for r in csv.DictReader(f):
            if r["status"] != "ok":
                continue
            shape = (int(r["M"]), int(r["N"]), int(r["K"]))
            times[shape][r["method"]] = float(r["median_us"])
    return times


def klass(shape):
    flops = 2.0 * shape[0] * shape[1] * shape[2]
    return "small" if flops < 1e8 else ("middle" if flops < 1e11 else "large")


def summary(ratios):
    """'geomean (small / middle / large), N below 1.0x' of {shape: speedup}."""
    def gm(values):
        return math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan")
    by = collections.defaultdict(list)
    for shape, r in ratios.items():
        by[klass(shape)].append(r)
    below = sum(1 for r in ratios.values() if r < 1.0)
    return "%.3fx (%s), %d below 1.0x, %d shapes" % (
        gm(list(ratios.values())), " / ".join("%.3f" % gm(by[c]) for c in ("small", "middle", "large")),
        below, len(ratios))


def main(paths):
    runs = [load(p) for p in paths]
    shapes = sorted(set.intersection(*(set(r) for r in runs)))
    shapes = [s for s in shapes if all(all(b in r[s] for b in BASELINES) for r in runs)]
    candidates = sorted({m for r in runs for s in shapes for m in r[s] if m not in BASELINES})
    chosen = {s: min((m for m in candidates if m in runs[0][s]), key=lambda m: runs[0][s][m])
              for s in shapes}
    print("shapes in every run: %d; candidates: %s" % (len(shapes), ", ".join(candidates)))
    print("against cuBLASLt-autotune-max; geomean (small / middle / large)")
    for i, (path, run) in enumerate(zip(paths, runs)):
        ref = {s: min(run[s][b] for b in BASELINES) for s in shapes}
        print("\nrun %d: %s" % (i + 1, path))
        for m in candidates:
            have = [s for s in shapes if m in run[s]]
            print("  %-10s %s" % (m, summary({s: ref[s] / run[s][m] for s in have})))
        best = {s: ref[s] / min(run[s][m] for m in candidates if m in run[s]) for s in shapes}
        print("  %-10s %s" % ("max", summary(best)))
        picked = {s: ref[s] / run[s][chosen[s]] for s in shapes if chosen[s] in run[s]}
        print("  %-10s %s%s" % ("chosen", summary(picked), "" if i else "  (chosen in this run)"))
        if i:
            low = sorted((r, s) for s, r in picked.items() if r < 1.0)
            print("  below 1.0x (chosen): " + ", ".join("%dx%dx%d %.3f" % (*s, r) for r, s in low))
    counts = collections.Counter(chosen.values())
    print("\nchosen in run 1: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1:])
