#!/usr/bin/env python3
"""Takes a sustained tuning's picks (`alt`) into a shipped table where they beat the table's own
(`tab`) in both protocols in every process of a comparison (scripts/runs/sustained_probe.sh:
DIR/fast_R.csv and DIR/sus_R.csv, plain or gzipped, both tables as pickers). Each entry taken
gets the alt spec, and as its times the geomean over the fast processes of alt's median and of
the faster cuBLASLt-autotune's (named as the reference). A shape whose alt spec is the table's
own is left alone. Times are compared raw within a process: both pickers ran interleaved there.
--margin M asks alt to be faster by that fraction in each process (for a comparison of one
process per protocol, where one process's noise could decide).
Usage: sustained_table_update.py TABLE ALT_TABLE DIR --date D [--margin M] [--out OUT]
(OUT default TABLE)
"""
import argparse

from results_csv import geomean, process_csvs
from tuning_table import bench_rows, entry, entry_key, read_table, write_table


def process_times(path):
    """{(m, n, k): {method: median_us}} of one bench CSV, ok rows only."""
    out = {}
    for r in bench_rows(path):
        if r["status"] == "ok" and r["median_us"]:
            out.setdefault((int(r["M"]), int(r["N"]), int(r["K"])), {})[r["method"]] = \
                float(r["median_us"])
    return out


def runs(folder, protocol):
    files = process_csvs(folder, protocol)
    if not files:
        raise SystemExit(f"no {protocol}_R.csv in {folder}")
    return [process_times(f) for f in files]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("table")
    ap.add_argument("alt")
    ap.add_argument("dir")
    ap.add_argument("--date", required=True)
    ap.add_argument("--margin", type=float, default=0.0)
    ap.add_argument("--out")
    a = ap.parse_args()
    table, alt = read_table(a.table), read_table(a.alt)
    alt_spec = {entry_key(e)[3:]: e["spec"] for e in alt["entries"]}
    fast, sus = runs(a.dir, "fast"), runs(a.dir, "sus")
    taken = {}
    for e in table["entries"]:
        shape = entry_key(e)[3:]
        if shape not in alt_spec or alt_spec[shape] == e["spec"]:
            continue
        procs = [p.get(shape, {}) for p in fast + sus]
        if not all("tab" in p and "alt" in p for p in procs):
            continue
        if all(p["alt"] * (1 + a.margin) < p["tab"] for p in procs):
            refs = [min((p[m], m) for m in p if m.startswith("cublaslt")) for p in
                    (q[shape] for q in fast)]
            method = min(refs)[1]
            taken[entry_key(e)] = entry(entry_key(e), alt_spec[shape],
                                        geomean([p[shape]["alt"] for p in fast]),
                                        geomean([t for t, _ in refs]), method, e["gpu"], a.date)
    entries = [taken.get(entry_key(e), e) for e in table["entries"]]
    write_table(a.out or a.table, table, entries)
    for k, e in taken.items():
        print(f"{k[3]}x{k[4]}x{k[5]}: {e['spec']} ({e['time_us']:.1f} us, reference "
              f"{e['reference_us']:.1f})")
    print(f"{len(taken)} entries taken")


if __name__ == "__main__":
    main()
