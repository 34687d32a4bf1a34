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
Per run it also prints the geomean times (us) by class of cuBLASLt-autotune-max and of each
candidate on the shapes it ran: the ratios move with the host's launch cost (cuBLASLt's small
calls are host-bound), so comparing runs on different hosts needs both libraries' own times.
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
    """({(m, n, k): {method: median_us}} of the rows that ran correctly,
    {(m, n, k): {method: status}} of the others). One dtype, accumulator and layout per file."""
    times, failed, kinds = collections.defaultdict(dict), collections.defaultdict(dict), set()
    with open_results_csv(path) as f:
        for r in csv.DictReader(f):
            kinds.add((r["dtype"], r["acc"], r["layout"] if r["method"] not in BASELINES else ""))
            shape = (int(r["M"]), int(r["N"]), int(r["K"]))
            if r["status"] == "ok":
                times[shape][r["method"]] = float(r["median_us"])
            else:
                failed[shape][r["method"]] = r["status"].split(":")[0]
    types = {(d, a) for d, a, _ in kinds}
    if len(types) > 1 or len({lay for _, _, lay in kinds if lay}) > 1:
        sys.exit(f"{path}: rows of several types or layouts ({sorted(kinds)}): one per file")
    return times, failed


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


def class_times(times):
    """'small / middle / large' geomean microseconds of {shape: us} ('-' for an empty class)."""
    by = collections.defaultdict(list)
    for shape, us in times.items():
        by[klass(shape)].append(us)
    return " / ".join("%.2f" % math.exp(sum(map(math.log, by[c])) / len(by[c])) if by[c] else "-"
                      for c in ("small", "middle", "large"))


def main(paths):
    loaded = [load(p) for p in paths]
    runs, failures = [t for t, _ in loaded], [f for _, f in loaded]
    every = set.union(*(set(r) | set(f) for r, f in loaded))
    shapes = sorted(s for s in every if all(all(b in r.get(s, {}) for b in BASELINES) for r in runs))
    candidates = sorted({m for r, f in loaded for s in shapes for m in (*r.get(s, {}), *f.get(s, {}))
                         if m not in BASELINES})
    # Per shape the candidate fastest in the first run; a shape none ran correctly there has none.
    chosen = {}
    for s in shapes:
        ran = [m for m in candidates if m in runs[0][s]]
        if ran:
            chosen[s] = min(ran, key=lambda m: runs[0][s][m])
    dropped = sorted(every - set(shapes))
    print("shapes with both baselines in every run: %d; candidates: %s" % (len(shapes), ", ".join(candidates)))
    if dropped:
        print("left out (a baseline missing or failed in some run): " +
              ", ".join("%dx%dx%d" % s for s in dropped))
    if len(chosen) < len(shapes):
        print("no candidate ran correctly in run 1 on: " +
              ", ".join("%dx%dx%d" % s for s in shapes if s not in chosen))
    print("against cuBLASLt-autotune-max; geomean (small / middle / large); a candidate's failed or "
          "missing shapes are counted, not timed")
    for i, (path, run, failed) in enumerate(zip(paths, runs, failures)):
        ref = {s: min(run[s][b] for b in BASELINES) for s in shapes}
        print("\nrun %d: %s" % (i + 1, path))
        for m in candidates:
            have = [s for s in shapes if m in run[s]]
            bad = [s for s in shapes if m in failed.get(s, {})]
            print("  %-10s %s%s" % (m, summary({s: ref[s] / run[s][m] for s in have}),
                                    "; FAILED on %d" % len(bad) if bad else ""))
        best = {s: ref[s] / min(run[s][m] for m in candidates if m in run[s])
                for s in shapes if any(m in run[s] for m in candidates)}
        print("  %-10s %s" % ("max", summary(best)))
        picked = {s: ref[s] / run[s][m] for s, m in chosen.items() if m in run[s]}
        lost = sorted(s for s, m in chosen.items() if m not in run[s])
        print("  %-10s %s%s%s" % ("chosen", summary(picked), "" if i else "  (chosen in this run)",
                                  "; the choice FAILED or is missing on %d: %s" % (
                                      len(lost), ", ".join("%dx%dx%d" % s for s in lost))
                                  if lost else ""))
        print("  times (us, geomean small / middle / large): cuBLASLt-autotune-max %s; %s" % (
            class_times(ref), "; ".join("%s %s" % (m, class_times({s: run[s][m] for s in shapes
                                                                    if m in run[s]}))
                                        for m in candidates)))
        if i:
            low = sorted((r, s) for s, r in picked.items() if r < 1.0)
            print("  below 1.0x (chosen): " + ", ".join("%dx%dx%d %.3f" % (*s, r) for r, s in low))
    counts = collections.Counter(chosen.values())
    print("\nchosen in run 1: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    main(sys.argv[1:])
