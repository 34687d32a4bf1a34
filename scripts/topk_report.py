#!/usr/bin/env python3
"""What timing the cost model's top K finds (scripts/runs/topk_probe.sh): per K, the spec that
ran fastest among top1..topK in one process, timed in the other, against that process's best
cuBLASLt-autotune (geomean, by class of 2MNK: small < 1e8 <= middle < 1e11 <= large); so the
choice pays for its own noise, as gemm()'s timing on the call does.
Usage: topk_report.py DIR (DIR/topk_1.csv[.gz], DIR/topk_2.csv[.gz])"""
import collections
import sys

from results_csv import geomean, process_csvs
from tuning_table import bench_rows


def load(path):
    out = collections.defaultdict(dict)
    for r in bench_rows(path):
        if r["status"] == "ok":
            out[(int(r["M"]), int(r["N"]), int(r["K"]))][r["method"].split("_tn")[0]] = \
                float(r["median_us"])
    return out


def cls(s):
    f = 2 * s[0] * s[1] * s[2]
    return "small" if f < 1e8 else "middle" if f < 1e11 else "large"


def main():
    p1, p2 = (load(f) for f in process_csvs(sys.argv[1], "topk")[:2])
    tops = sorted({m for s in p1.values() for m in s if m.startswith("top")},
                  key=lambda m: int(m[3:]))
    for choose, timed, label in ((p1, p2, "chosen in 1, timed in 2"),
                                 (p2, p1, "chosen in 2, timed in 1")):
        for k in range(1, len(tops) + 1):
            by = collections.defaultdict(list)
            for s, t in timed.items():
                best = min(tops[:k], key=lambda m: choose[s].get(m, float("inf")))
                ref = min(v for m, v in t.items() if m.startswith("cublaslt"))
                by["all"].append(ref / t[best])
                by[cls(s)].append(ref / t[best])
            print(label, f"K={k}", " ".join(f"{c} {geomean(v):.4f} ({len(v)})"
                                            for c, v in sorted(by.items())))


if __name__ == "__main__":
    main()
