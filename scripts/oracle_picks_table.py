#!/usr/bin/env python3
"""The oracle's picks as a tuning table: per shape, the fastest correct spec of one or more bench
runs that timed many (a `--spec sweep [--spec fitted] [--spec table:...]` run), so that they can
be timed again in a short run (`--spec table:best=FILE`) beside cuBLASLt and gemm()'s own
picks. A sweep run's best is the minimum of ~200 noisy times, and cuBLASLt runs slower among 190
other methods (notes/NOTES.md items 117, 132); the short run measures both again like for like.
Rows of `oracle` (the bench's own best-of) are skipped; any other method's spec counts.
Usage: oracle_picks_table.py OUT.json GPU_NAME CSV[.gz]...
"""
import csv
import gzip
import json
import sys


def main():
    out, gpu, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    best = {}
    for path in runs:
        with (gzip.open(path, "rt") if path.endswith(".gz") else open(path)) as f:
            for r in csv.DictReader(f):
                if r["status"] != "ok" or r["method"] == "oracle" or not r["spec"].startswith("sm90_"):
                    continue
                key = (r["dtype"], r["acc"], r["layout"], int(r["M"]), int(r["N"]), int(r["K"]))
                t = float(r["median_us"])
                if key not in best or t < best[key][0]:
                    best[key] = (t, r["spec"])
    entries = [{"dtype": d, "acc": a, "layout": l, "m": m, "n": n, "k": k, "spec": spec,
                "time_us": t, "reference_us": 1.0, "reference_method": "none", "gpu": gpu,
                "date": "1970-01-01T00:00:00Z"}
               for (d, a, l, m, n, k), (t, spec) in sorted(best.items())]
    json.dump({"format": "autogemm-tuning-table", "version": 1, "gpu": gpu,
               "created": "1970-01-01T00:00:00Z", "commit": "oracle picks of " + " ".join(runs),
               "entries": entries}, open(out, "w"), indent=1)
    print(f"{len(entries)} entries -> {out}")


if __name__ == "__main__":
    main()
