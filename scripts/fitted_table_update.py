#!/usr/bin/env python3
"""Replaces tuning-table entries with fitted specs that beat them in one interleaved run.

Reads a bench CSV with the table's pick (method TABLE_METHOD, default "table") and the fitted
specs (method autogemm) timed on the same shapes, and the table JSON; for every fp16/fp32 shape
(tn, kernel mode) where the fastest correct fitted spec ran more than MARGIN (default 2%) faster
than the table's pick in the same CSV, writes that spec, its time and that run's
cuBLASLt-autotune tn time into the entry (with several CSVs, the run with the largest gain).
Usage: fitted_table_update.py TABLE_JSON CSV [CSV ...] --date DATE [--margin 0.02]
Prints one line per replaced entry and a count.
"""
import argparse
import csv
import json
import sys
from collections import defaultdict

from results_csv import open_results_csv


def rows(path):
    with open_results_csv(path) as f:
        yield from csv.DictReader(f)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("table")
    ap.add_argument("csvs", nargs="+")
    ap.add_argument("--date", required=True)
    ap.add_argument("--margin", type=float, default=0.02)
    ap.add_argument("--table-method", default="table")
    a = ap.parse_args()
    # Per CSV (one interleaved run each): the table's pick, the fastest fitted spec and
    # cuBLASLt's time, tn and kernel mode only; a shape's candidate comes from one run.
    best = {}  # shape -> (fitted time, spec, table time, reference time)
    for path in a.csvs:
        table_t, fitted, ref = {}, defaultdict(lambda: (float("inf"), "")), {}
        for r in rows(path):
            if (r["status"] != "ok" or r["dtype"] != "fp16" or r["acc"] != "fp32"
                    or r["layout"] != "tn" or r["mode"] != "kernel"):
                continue
            k = (int(r["M"]), int(r["N"]), int(r["K"]))
            t = float(r["median_us"])
            if r["method"] == a.table_method:
                table_t[k] = t
            elif r["method"] == "autogemm" and not r["spec"].endswith("_ab") and t < fitted[k][0]:
                fitted[k] = (t, r["spec"])
            elif r["method"] == "cublaslt_autotune_tn":
                ref[k] = t
        for k, (t, spec) in fitted.items():
            if k in table_t and k in ref and t * (1 + a.margin) < table_t[k]:
                if k not in best or table_t[k] / t > best[k][2] / best[k][0]:
                    best[k] = (t, spec, table_t[k], ref[k])
    doc = json.load(open(a.table))
    n = 0
    for e in doc["entries"]:
        k = (e["m"], e["n"], e["k"])
        if e["dtype"] != "fp16" or e["acc"] != "fp32" or e["layout"] != "tn" or k not in best:
            continue
        t, spec, table_time, ref_time = best[k]
        print(f"{k[0]}x{k[1]}x{k[2]}: {e['spec']} {table_time:.2f} us -> {spec} {t:.2f} us")
        e.update(spec=spec, time_us=t, reference_us=ref_time, date=a.date)
        n += 1
    if not doc["entries"]:
        sys.exit(f"{a.table}: no entries")
    # The table's own layout: the header indented, one entry per line.
    head = {k: v for k, v in doc.items() if k != "entries"}
    lines = ["{"] + [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    lines.append('  "entries": [')
    body = [json.dumps(e, separators=(",", ":")) for e in doc["entries"]]
    lines += [f"    {b}," for b in body[:-1]] + [f"    {body[-1]}", "  ]", "}"]
    open(a.table, "w").write("\n".join(lines) + "\n")
    print(f"{n} entries replaced")


if __name__ == "__main__":
    main()
