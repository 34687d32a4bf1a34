#!/usr/bin/env python3
"""A tuning table of each shape's first-ranked spec in `autogemm db rank` output, so that a
model's picks can run as `--spec table:NAME=FILE` beside gemm()'s own in one interleaved bench
run, even when that model needs another build (a different feature list). The table's times
are placeholders (1.0): only the specs are meant to be used.
Usage: picks_table.py RANK_OUTPUT OUT.json GPU_NAME [DTYPE ACC LAYOUT]
"""
import json
import sys


def main():
    rank, out, gpu = sys.argv[1:4]
    dtype, acc, layout = (sys.argv[4:7] + ["fp16", "fp32", "tn"][len(sys.argv[4:7]):])
    entries, seen = [], set()
    for line in open(rank):
        p = line.split()
        if len(p) == 4 and p[1].isdigit() and p[0] not in seen:
            seen.add(p[0])
            m, n, k = map(int, p[0].split("_"))
            entries.append({"dtype": dtype, "acc": acc, "layout": layout, "m": m, "n": n, "k": k,
                            "spec": p[2], "time_us": 1.0, "reference_us": 1.0,
                            "reference_method": "none", "gpu": gpu,
                            "date": "1970-01-01T00:00:00Z"})
    json.dump({"format": "autogemm-tuning-table", "version": 1, "gpu": gpu,
               "created": "1970-01-01T00:00:00Z", "commit": "picks of " + rank,
               "entries": entries}, open(out, "w"), indent=1)
    print(f"{len(entries)} entries -> {out}")


if __name__ == "__main__":
    main()
