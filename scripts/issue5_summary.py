#!/usr/bin/env python3
"""Issue 5's acceptance figures from one interleaved bench run's CSV.

The run (scripts/runs/issue5_sample_efficiency.sh, PHASE=bench) holds per shape a row for every
spec of the default sweep (method `autogemm`), one per picked method (`--spec table:NAME=FILE`
or `policy:NAME=FILE`: tuned_b8, tuned_b16, tuned_b32, zero_shot) and cuBLASLt-autotune in
both layouts. Per shape, the oracle is the fastest sweep spec that passed; per picked method
this prints the geomean over shapes of t_oracle / t_method (the acceptance figure: >= 0.97 for
tuned_b32, >= 0.95 for zero_shot), how many shapes it has no entry for or failed, and the
geomean of t_cublaslt / t_method against cuBLASLt-autotune-max (the faster layout per shape).
Usage:
    python3 scripts/issue5_summary.py bench/results/h200/h200_issue5_oracle100_tn.csv
"""
import collections
import csv
import math
import sys

import os

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))  # also when imported by path
from results_csv import open_results_csv  # noqa: E402

TARGETS = {"tuned_b32": 0.97, "zero_shot": 0.95}  # issue 5's acceptance
SWEEP = "autogemm"
REFERENCES = ("cublaslt_autotune_nn", "cublaslt_autotune_tn")
NOT_PICKED = {SWEEP, "oracle"}  # the bench's own oracle rows repeat the sweep's best


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def is_picked(method):
    return method not in NOT_PICKED and not method.startswith(("cublas", "torch"))


def summarize(rows):
    """Per picked method: shapes, timed, no_entry, failed, vs_oracle, vs_cublaslt."""
    oracle = {}  # shape -> best sweep time
    reference = {}  # shape -> best cuBLASLt-autotune time
    times = collections.defaultdict(dict)  # method -> shape -> time
    counts = collections.defaultdict(collections.Counter)  # method -> status kind -> shapes
    for r in rows:
        shape = (int(r["M"]), int(r["N"]), int(r["K"]))
        method, ok = r["method"], r["status"] == "ok"
        t = float(r["median_us"]) if ok else None
        if method == SWEEP:
            if ok:
                oracle[shape] = min(t, oracle.get(shape, t))
        elif method in REFERENCES:
            if ok:
                reference[shape] = min(t, reference.get(shape, t))
        elif is_picked(method):
            kind = "ok" if ok else r["status"].split(":")[0].strip().lower()
            counts[method][kind] += 1
            if ok:
                times[method][shape] = t
    out = {}
    for method in counts:
        mine = times[method]
        out[method] = {
            "shapes": sum(counts[method].values()),
            "timed": counts[method]["ok"],
            "no_entry": counts[method]["no_entry"],
            "failed": counts[method]["failed"] + counts[method]["skipped"],
            "vs_oracle": geomean([oracle[s] / t for s, t in mine.items() if s in oracle]),
            "vs_cublaslt": geomean([reference[s] / t for s, t in mine.items() if s in reference]),
        }
    oracle_vs_ref = geomean([reference[s] / t for s, t in oracle.items() if s in reference])
    return out, oracle_vs_ref, len(oracle)


def verdict(method, m):
    target = TARGETS.get(method)
    if target is None:
        return "-"
    text = f">= {target}: {'yes' if m['vs_oracle'] >= target else 'NO'}"
    # A figure over fewer shapes than the run's (no entry, failed) does not answer the issue.
    return text if m["timed"] == m["shapes"] else f"{text} (on {m['timed']}/{m['shapes']} shapes)"


def main(path):
    with open_results_csv(path) as f:
        methods, oracle_vs_ref, oracle_shapes = summarize(csv.DictReader(f))
    print(f"source: {path}")
    print(f"oracle (best sweep spec per shape): {oracle_shapes} shapes, "
          f"{oracle_vs_ref:.3f}x of cuBLASLt-autotune-max (geomean t_cublaslt / t_oracle)\n")
    print("| method | shapes | timed | no_entry | failed | t_oracle / t (geomean) | target "
          "| t_cublaslt-max / t (geomean) |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for name in methods:  # in the order of the run's methods
        m = methods[name]
        print(f"| {name} | {m['shapes']} | {m['timed']} | {m['no_entry']} | {m['failed']} "
              f"| {m['vs_oracle']:.3f} | {verdict(name, m)} | {m['vs_cublaslt']:.3f} |")
    if not methods:
        print("(no picked methods in this CSV: run bench with --spec table:NAME=FILE)")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
