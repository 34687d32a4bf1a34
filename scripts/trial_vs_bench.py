#!/usr/bin/env python3
"""The first-call trial's time of each candidate against the bench's loop time of the same spec,
in one process: a bench run with `--spec auto` (whose log line for each shape lists the trial's
candidates and medians, 'medians in us: SPEC T, SPEC T, ...') and every one of those candidates
as a picker (`--spec table:NAME=FILE`, a one-entry table; CSV rows with the spec column naming
it). Per shape: the trial's pick, and per
candidate trial us, bench us and bench/trial; then per kind (plain-launch `_nopdl` twins, the
rest) the geomean of bench/trial over all shapes and processes, and how often the trial's order
of a twin and its PDL form differs from the bench's.
Usage: trial_vs_bench.py RUN.log RUN.csv [RUN2.log RUN2.csv ...]"""
import re
import sys

from results_csv import geomean, open_results_csv


def trial_medians(log):
    out = {}
    for line in open(log):
        m = re.match(r"^(\d+_\d+_\d+) autogemm: .*medians in us: (.*)", line)
        if m:
            out[m.group(1)] = {s: float(t) for s, t in re.findall(r"(sm90\S+) ([0-9.]+)[,)]",
                                                                   m.group(2))}
    return out


def bench_medians(path):
    import csv
    out = {}
    for r in csv.DictReader(open_results_csv(path)):
        if r["status"] == "ok" and r["spec"].startswith("sm90"):
            shape = "%s_%s_%s" % (r["M"], r["N"], r["K"])
            # (`auto`'s row reads 'timed SPEC' or 'table SPEC' and is left out by the test above;
            # cuBLASLt rows name no sm90 spec.)
            out.setdefault(shape, {})[r["spec"]] = float(r["median_us"])
    return out


def main(args):
    if len(args) < 2 or len(args) % 2:
        sys.exit(__doc__)
    ratios = {"nopdl": [], "other": []}
    pairs = flips = 0
    for log, path in zip(args[0::2], args[1::2]):
        try:
            trial, bench = trial_medians(log), bench_medians(path)
        except OSError as e:  # a process that failed before writing (named, not counted)
            print(f"== {log}: no results ({e})")
            continue
        print(f"== {log}")
        for shape, cands in trial.items():
            pick = min(cands, key=cands.get)
            print(f"{shape}: trial pick {pick} ({cands[pick]:.2f} us)")
            for spec, t in cands.items():
                b = bench.get(shape, {}).get(spec)
                if b is None:
                    print(f"  {spec:72s} trial {t:7.2f}  bench -")
                    continue
                kind = "nopdl" if spec.endswith("_nopdl") else "other"
                ratios[kind].append(b / t)
                print(f"  {spec:72s} trial {t:7.2f}  bench {b:7.2f}  bench/trial {b / t:.3f}")
                if kind == "nopdl":
                    pdl = spec[: -len("_nopdl")]
                    if pdl in cands and pdl in bench.get(shape, {}):
                        pairs += 1
                        flips += (t < cands[pdl]) != (b < bench[shape][pdl])
    for kind, r in ratios.items():
        if r:
            print(f"{kind}: bench/trial geomean {geomean(r):.3f} over {len(r)} (spec, shape, "
                  f"process), {min(r):.3f}-{max(r):.3f}")
    print(f"twin against its PDL form: order differs between trial and bench in {flips} of "
          f"{pairs} pairs")


if __name__ == "__main__":
    main(sys.argv[1:])
