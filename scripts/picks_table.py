#!/usr/bin/env python3
"""A tuning table of each shape's first-ranked spec in `autogemm db rank` output, so that a
model's picks can run as `--spec table:NAME=FILE` beside gemm()'s own in one interleaved bench
run, even when that model needs another build (a different feature list). The table's times
are placeholders (1.0): only the specs are meant to be used.
Usage: picks_table.py RANK_OUTPUT OUT.json GPU_NAME [DTYPE ACC LAYOUT]
"""
import sys

from tuning_table import entry, new_header, write_table


def main():
    rank, out, gpu = sys.argv[1:4]
    types = (sys.argv[4:7] + ["fp16", "fp32", "tn"][len(sys.argv[4:7]):])
    entries, seen = [], set()
    for line in open(rank):
        p = line.split()
        if len(p) == 4 and p[1].isdigit() and p[0] not in seen:
            seen.add(p[0])
            key = (*types, *map(int, p[0].split("_")))
            entries.append(entry(key, p[2], 1.0, 1.0, "none", gpu, "1970-01-01T00:00:00Z"))
    write_table(out, new_header(gpu, "picks of " + rank), entries)
    print(f"{len(entries)} entries -> {out}")


if __name__ == "__main__":
    main()
