"""Opens a bench results CSV, plain or gzipped, and reads one against its own cuBLASLt.

The larger committed CSVs in bench/results/<gpu>/ are stored gzipped (NAME.csv.gz) so that the
repository still travels to the device machine (64 MiB); notes and write-ups keep calling them
NAME.csv. open_results_csv() takes either name and reads whichever file exists.
"""
import csv
import glob
import gzip
import math
import os
import re


def open_results_csv(path):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", newline="")
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        return gzip.open(path + ".gz", "rt", newline="")
    return open(path, newline="")


def geomean(xs):
    return math.exp(sum(map(math.log, xs)) / len(xs))


def process_csvs(folder, prefix):
    """The CSVs of a probe's processes, folder/PREFIX_1.csv, PREFIX_2.csv, ... (plain or
    gzipped), in name order."""
    return sorted(f for f in glob.glob(f"{folder}/{prefix}_*.csv*")
                  if re.fullmatch(rf"{prefix}_\d+\.csv(\.gz)?", os.path.basename(f)))


def times_and_cublaslt(path):
    """Correct rows of one bench process: ({shape: fastest cuBLASLt-autotune time (nn or tn)},
    {(shape, name): time}), shape an (M, N, K) tuple of strings, name the spec for `autogemm`
    rows (without its sm90_<types>_<layout>_ prefix) and the method for the others (table
    pickers such as tab or alt, oracle); times in microseconds."""
    cub, times = {}, {}
    with open_results_csv(path) as f:
        for r in csv.DictReader(f):
            if r["status"] != "ok":
                continue
            s, us = (r["M"], r["N"], r["K"]), float(r["median_us"])
            method = r["method"]
            if method.startswith("cublaslt_autotune"):
                cub[s] = min(cub.get(s, math.inf), us)
            elif not method.startswith("cublas"):
                name = r["spec"].split()[-1][15:] if method == "autogemm" else method
                times[(s, name)] = us
    return cub, times
