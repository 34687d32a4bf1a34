#!/usr/bin/env python3
"""Offline check of a ranker's picks against a bench run that measured every candidate.

Reads `autogemm db rank --top N` output (M_N_K RANK SPEC SCORE per line) and a bench CSV in
which the specs were timed (e.g. a `--spec sweep` run). Per shape, the pick is the best-ranked
spec the CSV (gzipped or not) has a correct time for (counted when it is not the first); prints the geomean of
cuBLASLt-autotune-max / pick (and the sweep's best / pick), by class of 2MNK, and the shapes
below 1.0x. Usage: rank_eval.py RANKING CSV [LABEL]
"""
import collections
import math
import sys

from costmodel_offline_eval import load  # the bench CSV, gzipped or not


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def main():
    ranking, bench = sys.argv[1], sys.argv[2]
    label = sys.argv[3] if len(sys.argv) > 3 else ranking
    ranked = collections.defaultdict(list)
    for line in open(ranking):
        parts = line.split()
        if len(parts) == 4 and parts[1].isdigit():
            ranked[parts[0]].append(parts[2])
    times, cublas = load(bench)
    vs_cublas, vs_best, classes, below, fallbacks, missing = [], [], [[], [], []], [], 0, 0
    for key, specs in ranked.items():
        measured = [s for s in specs if s in times[key]]
        if not measured:
            missing += 1
            continue
        fallbacks += measured[0] != specs[0]
        t = times[key][measured[0]]
        m, n, k = map(int, key.split("_"))
        flops = 2 * m * n * k
        r = cublas[key] / t
        vs_cublas.append(r)
        vs_best.append(min(times[key].values()) / t)
        classes[0 if flops < 1e8 else 1 if flops < 1e11 else 2].append(r)
        if r < 1:
            below.append((key, round(r, 3)))
    print(f"{label}: {len(vs_cublas)} shapes, vs cuBLASLt-max {geomean(vs_cublas):.3f}x "
          f"(classes {' / '.join(f'{geomean(c):.3f}' for c in classes)}), vs the sweep's best "
          f"{geomean(vs_best):.3f}, below 1.0x: {len(below)}; picks not measured, next taken: "
          f"{fallbacks}; shapes with none measured: {missing}")
    for key, r in sorted(below, key=lambda x: x[1])[:12]:
        print(f"   {key} {r}")


if __name__ == "__main__":
    main()
