#!/usr/bin/env python3
"""Two arms of a gemm()-pick probe (scripts/runs/spec_bench.sh's gemm_arms_probe: DIR/A_1.csv ..
DIR/B_PAIRS.csv, `autogemm bench` CSVs with method `autogemm`), compared per shape set and class.

Per shape: B over A as the ratio of the geomeans of gemm()'s raw times over the PAIRS processes
(> 1: B faster), and each arm against cuBLASLt-autotune-max (the geomean of the fastest of nn and
tn over all 2 x PAIRS processes, so both arms are divided by the same figure). A shape counts as
`changed` where gemm()'s picks differ between the arms in some pair (-v prints each arm's picks
over all its processes). A shape listed twice is
benched twice per process; its turns are combined by geomean. Groups: the shape file that
first lists a shape (SHAPES, in order; `-` for none) and its class by 2MNK (small < 1e8 <= middle
< 1e11 <= large). Prints per group and per class: shapes, B over A, each arm against cuBLASLt,
the changed shapes' figures, and per class the shapes below 0.9 / 0.95 / 1.0 of cuBLASLt and the
lowest; with -v each changed shape.

With --ref METHOD (a picker timed beside gemm() in every process, such as a table of fixed picks):
per shape and process gemm()'s time over that method's in the same process, so that a process
running the same kernels 1-3% slower than another (h200_trial_width_s43) does not read as an arm's
loss. Adds per group `B/A vs METHOD` (the ratio of the arms' normalized times, > 1: B faster; over
the shapes with the method's rows in every process) and per class that ratio for each pair alone.
Usage: arm_class_stats.py [-v] [--ref METHOD] DIR A B PAIRS [SHAPES...]
"""
import collections
import csv
import math
import sys

from results_csv import geomean as gm, open_results_csv

args = sys.argv[1:]
verbose = "-v" in args
args = [a for a in args if a != "-v"]
ref = None
for i, a in enumerate(args):
    if a.startswith("--ref="):
        ref = a.split("=", 1)[1]
        del args[i]
        break
    if a == "--ref":
        if i + 1 >= len(args):
            sys.exit("--ref wants a method name")
        ref = args[i + 1]
        del args[i:i + 2]
        break
if ref is not None and (not ref or ref == "autogemm" or ref.startswith("cublaslt_autotune")):
    sys.exit(f"--ref {ref!r}: want a method timed beside gemm() (a picker such as cm or tuned), "
             "not gemm() itself or the cuBLASLt baseline")
if len(args) < 4:
    sys.exit(__doc__.strip().splitlines()[-1])
d0, A, B, P, shape_files = args[0], args[1], args[2], int(args[3]), args[4:]


def load(f):
    """{(M, N, K): (gemm()'s time, its specs, fastest cuBLASLt-autotune time, the --ref
    method's time or None where it has no ok row in every turn)}. A shape listed
    twice in a probe is benched twice in each process: each time its cuBLASLt rows come before
    gemm()'s, and the times are geomeans over those turns (the GPU can drift between them). A
    shape with a failed row in some turn (gemm()'s, or both cuBLASLt layouts) is left out and
    named on stderr, so no turn is set against another's cuBLASLt."""
    ours, specs, lt = collections.defaultdict(list), collections.defaultdict(set), {}
    refs = collections.defaultdict(list)
    with open_results_csv(f) as fh:
        for r in csv.DictReader(fh):
            s = (int(r["M"]), int(r["N"]), int(r["K"]))
            seen_methods.add(r["method"])
            ok = r["status"] == "ok"
            us = float(r["median_us"]) if ok else None
            if ref is not None and r["method"] == ref:
                refs[s].append(us)
            elif r["method"] == "autogemm":
                ours[s].append(us)
                specs[s].add(r["spec"].split()[-1])
            elif r["method"].startswith("cublaslt_autotune"):
                turns = lt.setdefault(s, [])
                if len(turns) == len(ours[s]):
                    turns.append(us)  # this turn's first cuBLASLt row
                elif us is not None:
                    turns[-1] = us if turns[-1] is None else min(turns[-1], us)
    out = {}
    for s, times in ours.items():
        turns = lt.get(s, [])
        if len(turns) == len(times) and None not in times and None not in turns:
            rt = refs.get(s, [])
            r_us = gm(rt) if len(rt) == len(times) and None not in rt else None
            out[s] = (gm(times), frozenset(specs[s]), gm(turns), r_us)
        else:
            print(f"{f}: {'x'.join(map(str, s))} left out (a failed or missing row)",
                  file=sys.stderr)
    return out


def shape_set(s):
    for f in shape_files:
        if s in members[f]:
            return f.split("/")[-1].removesuffix(".txt")
    return "-"


def klass(s):
    flops = 2.0 * s[0] * s[1] * s[2]
    return "small" if flops < 1e8 else "middle" if flops < 1e11 else "large"


members = {}
for f in shape_files:
    members[f] = set()
    for line in open(f):
        line = line.split("#")[0].strip()
        if line:
            members[f].add(tuple(int(x) for x in line.split("_")[:3]))

seen_methods = set()
runs = {arm: [load(f"{d0}/{arm}_{p}.csv") for p in range(1, P + 1)] for arm in (A, B)}
if ref is not None and ref not in seen_methods:
    sys.exit(f"--ref {ref}: no such method in the runs (methods: {', '.join(sorted(seen_methods))})")
# (set, class) -> [(shape, B/A, A vs LT, B vs LT, changed, specs, per-pair ratios against --ref)]
rows = collections.defaultdict(list)
for s in runs[A][0]:
    if not all(s in r for arm in (A, B) for r in runs[arm]):
        continue
    lt = gm([r[s][2] for arm in (A, B) for r in runs[arm]])
    ta, tb = (gm([r[s][0] for r in runs[arm]]) for arm in (A, B))
    changed = any(runs[A][p][s][1] != runs[B][p][s][1] for p in range(P))
    specs = tuple(" ".join(sorted(set().union(*(r[s][1] for r in runs[arm])))) for arm in (A, B))
    # gemm() over the reference in each process, per pair: A's over B's (> 1: B faster).
    normed = None
    if ref is not None and all(r[s][3] for arm in (A, B) for r in runs[arm]):
        normed = [(runs[A][p][s][0] / runs[A][p][s][3]) / (runs[B][p][s][0] / runs[B][p][s][3])
                  for p in range(P)]
    rows[(shape_set(s), klass(s))].append((s, ta / tb, lt / ta, lt / tb, changed, specs, normed))


def line(name, v):
    c = [x for x in v if x[4]]
    out = (f"{name:28s} n={len(v):3d}  {B}/{A} {gm([x[1] for x in v]):.4f}  vs cuBLASLt "
           f"{A} {gm([x[2] for x in v]):.4f} {B} {gm([x[3] for x in v]):.4f}  changed {len(c)}")
    if c:
        out += (f": {B}/{A} {gm([x[1] for x in c]):.4f}, vs cuBLASLt {A} "
                f"{gm([x[2] for x in c]):.4f} {B} {gm([x[3] for x in c]):.4f}")
    n = [x[6] for x in v if x[6] is not None]
    if n:
        out += f"  {B}/{A} vs {ref} {gm([gm(x) for x in n]):.4f} (n={len(n)})"
    print(out)
    return n


order = {"small": 0, "middle": 1, "large": 2}
for g in sorted(rows, key=lambda g: (g[0], order[g[1]])):
    line(f"{g[0]} {g[1]}", rows[g])
for k in order:
    v = [x for g in rows if g[1] == k for x in rows[g]]
    if not v:
        continue
    n = line(f"all {k}", v)
    if n:
        pairs = ", ".join(f"pair {p + 1} {gm([x[p] for x in n]):.4f}" for p in range(P))
        print(f"{'':28s} {B}/{A} vs {ref} by pair: {pairs}")
    below = ", ".join(f"below {t}: {sum(x[2] < t for x in v)} -> {sum(x[3] < t for x in v)}"
                      for t in (0.9, 0.95, 1.0))
    print(f"{'':28s} {below}; lowest {min(x[2] for x in v):.3f} -> {min(x[3] for x in v):.3f}")
if verbose:
    for g in sorted(rows, key=lambda g: (g[0], order[g[1]])):
        for s, r, a, b, changed, specs, _ in rows[g]:
            if changed:
                print(f"  {g[0]} {g[1]} {'x'.join(map(str, s))} {B}/{A} {r:.3f} vs cuBLASLt "
                      f"{a:.3f} -> {b:.3f}  {specs[0]} -> {specs[1]}")
