"""Opens a bench results CSV, plain or gzipped.

The larger committed CSVs in bench/results/<gpu>/ are stored gzipped (NAME.csv.gz) so that the
repository still travels to the device machine (64 MiB); notes and write-ups keep calling them
NAME.csv. open_results_csv() takes either name and reads whichever file exists.
"""
import gzip
import os


def open_results_csv(path):
    if path.endswith(".gz"):
        return gzip.open(path, "rt", newline="")
    if not os.path.exists(path) and os.path.exists(path + ".gz"):
        return gzip.open(path + ".gz", "rt", newline="")
    return open(path, newline="")
