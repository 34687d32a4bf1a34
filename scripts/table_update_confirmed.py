#!/usr/bin/env python3
"""Replace a tuning table's entries by a re-tuning's where a confirm run timed the new pick faster.

A re-tuning's table (`autogemm db export`) and a confirm run (`autogemm bench` with the shipped
table as method OLD_METHOD and the re-tuning's as NEW_METHOD, interleaved per shape, e.g.
tune_shards.sh's confirm CSVs) decide: an entry is replaced when the new pick ran at least
MARGIN (default 1%) faster than the shipped one in the confirm run; its time and reference
(the faster cuBLASLt-autotune layout) are then that run's. `--also NAME=TABLE` adds another
candidate table timed in the same run as method NAME (e.g. a sweep's picks): per shape the fastest
candidate of the run is the one weighed against the shipped entry. `--check CSV` (repeatable):
another run of the same methods in its own process, which can only veto: an entry is replaced
only if its chosen candidate ran faster than the shipped one in every check run that timed both,
and at least one did (check runs may each cover a share of the shapes; launch-bound shapes flip
between processes, notes 145). Prints how many were replaced and the confirm run's geomean gain
over every confirmed shape (1.0 where an entry stays) and over the replaced ones. `--report MD`
also writes that summary, a Markdown table of the replaced entries (both runs' times and specs)
and, per run, the set against cuBLASLt-autotune-max before and after, for a write-up.
Usage: table_update_confirmed.py TABLE NEW_TABLE OUT [--confirm CSV ...] [--old NAME] [--new NAME]
       [--also NAME=TABLE ...] [--check CSV ...] [--margin 0.01] [--date ISO] [--report MD]
"""
import argparse

import results_csv
from tuning_table import bench_rows, entry_key, read_table, write_table


def geomean(v):
    return results_csv.geomean(v) if v else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("table")
    ap.add_argument("new_table")
    ap.add_argument("out")
    ap.add_argument("--confirm", action="append", required=True)
    ap.add_argument("--old", default="shipped")
    ap.add_argument("--new", default="new")
    ap.add_argument("--also", action="append", default=[], metavar="NAME=TABLE")
    ap.add_argument("--check", action="append", default=[], metavar="CSV")
    ap.add_argument("--margin", type=float, default=0.01)
    ap.add_argument("--date", required=True, help="the confirm run's date, for the entries")
    ap.add_argument("--report", help="write the replaced entries and per-run summary (Markdown)")
    a = ap.parse_args()
    def read(paths):
        out = {}
        for path in paths:
            for r in bench_rows(path):
                if r["status"] != "ok":
                    continue
                key = (r["dtype"], r["acc"], r["layout"], int(r["M"]), int(r["N"]), int(r["K"]))
                out.setdefault(key, {})[r["method"]] = float(r["median_us"])
        return out

    times = read(a.confirm)
    checks = [read([path]) for path in a.check]
    vetoed = 0
    candidates = {a.new: a.new_table}
    for also in a.also:
        name, sep, path = also.partition("=")
        if not sep or not name or not path or name in candidates or name == a.old:
            ap.error(f"--also wants NAME=TABLE with a new method name, not '{also}'")
        candidates[name] = path
    new = {name: {entry_key(e): e for e in read_table(path)["entries"]}
           for name, path in candidates.items()}
    table = read_table(a.table)
    replaced, gains, replaced_gains = 0, [], []
    rows, chosen = [], {}  # the report's lines; key -> the replacing method
    for e in table["entries"]:
        key = entry_key(e)
        t = times.get(key, {})
        timed = [(t[name], name) for name in new if key in new[name] and name in t]
        if a.old not in t or not timed:
            continue
        best_us, best = min(timed)
        gain = t[a.old] / best_us
        if gain < 1 + a.margin:
            gains.append(1.0)
            continue
        # The check runs that timed both (check runs may each hold a share of the shapes); none
        # (a timeout, a failure) vetoes too: unconfirmed.
        timed_both = [c[key] for c in checks if a.old in c.get(key, {}) and best in c.get(key, {})]
        if checks and (not timed_both or any(t[best] >= t[a.old] for t in timed_both)):
            gains.append(1.0)
            vetoed += 1
            continue
        reference = min((v, m) for m, v in t.items() if m.startswith("cublaslt_autotune"))
        rows.append((key, t[a.old], best_us, [c[best] / c[a.old] for c in timed_both],
                     reference[0], e["spec"], new[best][key]["spec"]))
        chosen[key] = best
        e.update(spec=new[best][key]["spec"], time_us=best_us, reference_us=reference[0],
                 reference_method=reference[1], date=a.date)
        replaced += 1
        gains.append(gain)
        replaced_gains.append(gain)
    write_table(a.out, table, table["entries"])
    # Over every confirmed shape (1.0 where the entry stays), and over the replaced ones alone;
    # both from the confirm run, which also chose them (the check runs only veto).
    print(f"{replaced} of {len(gains)} confirmed entries replaced ({vetoed} vetoed by --check runs); "
          f"geomean gain in the confirm run {geomean(gains):.4f}x over all {len(gains)}, "
          f"{geomean(replaced_gains):.4f}x over the {replaced} replaced -> {a.out}")
    if a.report:
        write_report(a, rows, chosen, [("confirm", times)] + [
            (f"check {i + 1}", c) for i, c in enumerate(checks)])


def write_report(a, rows, chosen, runs):
    """The replaced entries (confirm times, both runs' ratios, specs without their common
    sm90_<types>_<layout>_ prefix) and each run's set against its own cuBLASLt-autotune-max."""
    short = lambda spec: spec.split("_", 3)[3] if spec.startswith("sm90_") else spec
    out = ["| shape | confirm old -> new (us) | new/old confirm, check | vs cuBLASLt confirm: "
           "old -> new | old spec -> new spec |", "| --- | --- | --- | --- | --- |"]
    for key, old_us, new_us, check_ratios, ref, old_spec, new_spec in sorted(
            rows, key=lambda r: r[0][3:]):
        ratios = ", ".join(f"{r:.3f}" for r in [new_us / old_us] + check_ratios)
        out.append(f"| {key[3]}_{key[4]}_{key[5]} | {old_us:.2f} -> {new_us:.2f} | {ratios} | "
                   f"{ref / old_us:.3f} -> {ref / new_us:.3f} | {short(old_spec)} -> "
                   f"{short(new_spec)} |")
    out.append("")
    for name, t in runs:
        before, after = [], []
        for key, m in t.items():
            cub = [v for k, v in m.items() if k.startswith("cublaslt_autotune")]
            method = chosen.get(key, a.old)  # what the updated table runs for this shape
            if a.old not in m or method not in m or not cub:
                continue
            before.append(min(cub) / m[a.old])
            after.append(min(cub) / m[method])
        if before:
            out.append(f"- {name} run ({len(before)} shapes): against cuBLASLt-autotune-max, "
                       f"{a.old} {geomean(before):.3f}x -> updated table {geomean(after):.3f}x; "
                       f"below 1.0x {sum(r < 1 for r in before)} -> {sum(r < 1 for r in after)}")
    with open(a.report, "w") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()
