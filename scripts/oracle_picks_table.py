#!/usr/bin/env python3
"""The oracle's picks as a tuning table: per shape, the fastest correct spec of one or more bench
runs that timed many (a `--spec sweep [--spec fitted] [--spec table:...]` run), so that they can
be timed again in a short run (`--spec table:best=FILE`) beside cuBLASLt and gemm()'s own
picks. A sweep run's best is the minimum of ~200 noisy times, and cuBLASLt runs slower among 190
other methods (notes/NOTES.md items 117, 132); the short run measures both again like for like.
Rows of `oracle` (the bench's own best-of) are skipped; any other method's spec counts (gemm()'s
own pick, `auto`, is written "table SPEC" or "costmodel SPEC": its SPEC counts too).
Usage: oracle_picks_table.py OUT.json GPU_NAME CSV[.gz]...
"""
import sys

from tuning_table import bench_rows, entry, new_header, write_table


def main():
    out, gpu, runs = sys.argv[1], sys.argv[2], sys.argv[3:]
    best = {}
    for path in runs:
        for r in bench_rows(path):
            spec = r["spec"].split(" ")[-1]
            if r["status"] != "ok" or r["method"] == "oracle" or not spec.startswith("sm90_"):
                continue
            key = (r["dtype"], r["acc"], r["layout"], int(r["M"]), int(r["N"]), int(r["K"]))
            t = float(r["median_us"])
            if key not in best or t < best[key][0]:
                best[key] = (t, spec)
    entries = [entry(key, spec, t, 1.0, "none", gpu, "1970-01-01T00:00:00Z")
               for key, (t, spec) in sorted(best.items())]
    write_table(out, new_header(gpu, "oracle picks of " + " ".join(runs)), entries)
    print(f"{len(entries)} entries -> {out}")


if __name__ == "__main__":
    main()
