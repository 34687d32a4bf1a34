#!/usr/bin/env python3
"""Offline score of cost models against bench runs that timed every candidate.

For each model and each RUN (LABEL:SHAPES_FILE:CSV; the CSV from a `--spec sweep --spec fitted`
run over the shapes, gzipped or not), ranks the shapes' candidates with
`autogemm db rank --cost-model MODEL` and looks up the first-ranked spec the run timed
(the next-ranked where a pick was not timed). Prints, per label (runs sharing a label are pooled),
the geomean over shapes of best-timed / pick ("best", 1.0 = always the fastest candidate) by
class of 2MNK (< 1e8 / 1e8-1e11 / >= 1e11), and of cuBLASLt-autotune-max / pick ("cub").
With --ensemble, also the plain mean of the models' printed scores (a check of averaging before
training one). Usage:
  costmodel_offline_eval.py [--bin AUTOGEMM] --run LABEL:SHAPES:CSV [--run ...] MODEL...
"""
import argparse
import collections
import functools
import math
import subprocess

from tuning_table import bench_rows


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else float("nan")


def load(path):
    times, cublas = collections.defaultdict(dict), collections.defaultdict(lambda: math.inf)
    for r in bench_rows(path):
        if r["status"] != "ok":
            continue
        key = f"{r['M']}_{r['N']}_{r['K']}"
        if r["method"].startswith("cublaslt_autotune"):
            cublas[key] = min(cublas[key], float(r["median_us"]))
        elif r["method"] == "autogemm":
            times[key][r["spec"]] = float(r["median_us"])
    return times, cublas


@functools.cache  # the ensemble arm reuses each model's ranking
def ranking(binary, model, shapes):
    # --top past any candidate count: every candidate scored, so averaging drops none.
    out = subprocess.run([binary, "db", "rank", "--cost-model", model, "--shapes", shapes,
                          "--top", "1000000"], capture_output=True, text=True, check=True).stdout
    scores = collections.defaultdict(dict)
    for line in out.splitlines():
        p = line.split()
        if len(p) == 4 and p[1].isdigit():
            scores[p[0]][p[2]] = float(p[3])
    return scores


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--bin", default="build/tools/autogemm/autogemm")
    ap.add_argument("--run", action="append", required=True, help="LABEL:SHAPES_FILE:CSV")
    ap.add_argument("--ensemble", action="store_true")
    ap.add_argument("models", nargs="+")
    a = ap.parse_args()
    runs = [r.split(":", 2) for r in a.run]
    for r, parts in zip(a.run, runs):
        if len(parts) != 3 or not all(parts):
            ap.error(f"--run {r!r}: expected LABEL:SHAPES_FILE:CSV")
    data = {csv_path: load(csv_path) for _, _, csv_path in runs}
    arms = [[m] for m in a.models] + ([a.models] if a.ensemble else [])
    for arm in arms:
        per = collections.defaultdict(lambda: ([], [], [[], [], []]))
        for label, shapes, csv_path in runs:
            times, cublas = data[csv_path]
            scores = [ranking(a.bin, m, shapes) for m in arm]
            for key in scores[0]:
                mean = {s: sum(x[key].get(s, -math.inf) for x in scores) / len(scores)
                        for s in scores[0][key]}
                timed = [s for s in sorted(mean, key=lambda s: -mean[s]) if s in times[key]]
                if not timed:
                    continue
                t = times[key][timed[0]]
                m, n, k = map(int, key.split("_"))
                flops = 2 * m * n * k
                best, cub, classes = per[label]
                best.append(min(times[key].values()) / t)
                if math.isfinite(cublas[key]):  # a run without cuBLASLt rows scores "best" only
                    cub.append(cublas[key] / t)
                classes[0 if flops < 1e8 else 1 if flops < 1e11 else 2].append(best[-1])
        name = "+".join(arm)
        for label, (best, cub, classes) in per.items():
            print(f"{name}  {label}: {len(best)} shapes, best {geomean(best):.4f} (s/m/l "
                  f"{'/'.join('%.3f' % geomean(c) for c in classes)}), cub {geomean(cub):.3f}")


if __name__ == "__main__":
    main()
