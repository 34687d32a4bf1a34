#!/usr/bin/env python3
"""Launch and cluster choices in tuning stores. Per store: on how many shapes the fastest measured
spec has no cluster, and the geomean of (best clustered / best unclustered) where both ran. Over
all stores pooled (a later store's time for the same shape and spec wins): where a spec and its
`_nopdl` twin were both measured, the twin's time over the spec's, geomean per kind (split-pass
or other) and cluster (c1x1 or clustered), with how often the plain launch was faster; and per
size class the pooled best clustered / best unclustered.
Usage: store_launch_pairs.py STORE.sqlite[.gz|.xz] ..."""
import collections
import gzip
import lzma
import re
import sqlite3
import sys
import tempfile

from results_csv import geomean


def rows(path):
    if path.endswith((".gz", ".xz")):
        tmp = tempfile.NamedTemporaryFile(suffix=".sqlite")
        tmp.write((gzip.open if path.endswith(".gz") else lzma.open)(path).read())
        tmp.flush()
        path, keep = tmp.name, tmp
    else:
        keep = None
    con = sqlite3.connect(path)
    out = con.execute(
        "select m, n, k, spec, median_us from measurements where status = 'ok'").fetchall()
    con.close()
    del keep
    return out


def best_cluster(path, measured):
    by_shape = collections.defaultdict(lambda: ([], []))
    for m, n, k, spec, t in measured:
        by_shape[(m, n, k)]["_c1x1_" in spec].append(t)
    both = [(min(c), min(u)) for c, u in by_shape.values() if c and u]
    unclustered_best = sum(u < c for c, u in both)
    print(f"{path}: {len(by_shape)} shapes; the best has no cluster on {unclustered_best} of "
          f"{len(both)} that ran both; best clustered / best unclustered "
          f"{geomean([c / u for c, u in both]):.3f}")


def size_class(m, n, k):
    flops = 2 * m * n * k
    return "large" if flops >= 1e11 else "middle" if flops >= 1e8 else "small"


def pooled_cluster_by_class(times):
    """Over all stores pooled, per size class (large 2MNK >= 1e11, middle >= 1e8): the geomean of
    (best clustered / best unclustered) over the shapes that ran both."""
    by_shape = collections.defaultdict(lambda: ([], []))
    for (m, n, k, spec), t in times.items():
        by_shape[(m, n, k)]["_c1x1_" in spec].append(t)
    per_class = collections.defaultdict(list)
    for (m, n, k), (c, u) in by_shape.items():
        if c and u:
            per_class[size_class(m, n, k)].append(min(c) / min(u))
    for name in ("large", "middle", "small"):
        v = per_class.get(name)
        if v:
            print(f"pooled {name}: {len(v)} shapes ran both; best clustered / best unclustered "
                  f"{geomean(v):.3f}, clustered faster on {sum(r < 1 for r in v)}")


def main():
    times = {}
    for path in sys.argv[1:]:
        measured = rows(path)
        best_cluster(path, measured)
        for m, n, k, spec, t in measured:
            times[(m, n, k, spec)] = t
    pooled_cluster_by_class(times)
    ratios = collections.defaultdict(list)
    for (m, n, k, spec), t in times.items():
        if "_nopdl" not in spec:
            continue
        base = spec.replace("_nopdl", "")
        if (m, n, k, base) not in times:
            continue
        kind = "split-pass" if re.search(r"_skp\d", spec) else "other"
        cluster = "c1x1" if "_c1x1_" in spec else "cluster"
        ratios[(kind, cluster)].append(t / times[(m, n, k, base)])
    for key, v in sorted(ratios.items()):
        g = geomean(v)
        print(f"{key[0]:10s} {key[1]:7s} pairs {len(v):4d}  plain/PDL geomean {g:.3f}  "
              f"plain faster in {sum(x < 1 for x in v)}")


if __name__ == "__main__":
    main()
