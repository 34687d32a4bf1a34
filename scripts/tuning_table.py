"""Shared by the scripts that read bench CSVs and write tuning tables (picks_table.py,
oracle_picks_table.py, table_update_confirmed.py, costmodel_offline_eval.py): a bench CSV's rows,
gzipped or not, and a table written in the layout of the shipped ones (data/*.json: the header's
fields, then one entry per line, so that a change to a few entries is a few lines of diff)."""
import csv
import json
import re

from results_csv import open_results_csv


def bench_rows(path):
    """The rows of a bench CSV (`autogemm bench --out`), gzipped or not."""
    with open_results_csv(path) as f:
        yield from csv.DictReader(f)


def read_table(path):
    """A tuning table (data/*.json or a tuner's export), gzipped or not."""
    with open_results_csv(path) as f:
        return json.load(f)


def entry(key, spec, time_us, reference_us, reference_method, gpu, date):
    """A table entry; key = (dtype, acc, layout, m, n, k)."""
    dtype, acc, layout, m, n, k = key
    return {"dtype": dtype, "acc": acc, "layout": layout, "m": m, "n": n, "k": k, "spec": spec,
            "time_us": time_us, "reference_us": reference_us,
            "reference_method": reference_method, "gpu": gpu, "date": date}


def entry_key(e):
    return (e["dtype"], e["acc"], e["layout"], e["m"], e["n"], e["k"])


def write_table(path, header, entries):
    """`header`: the table's fields but its entries (format, version, gpu, created, commit)."""
    with open(path, "w") as f:
        f.write("{\n")
        for k, v in header.items():
            if k != "entries":
                f.write(f"  {json.dumps(k)}: {json.dumps(v)},\n")
        lines = [json.dumps(e, separators=(",", ":")) for e in entries]
        f.write('  "entries": [\n    ' + ",\n    ".join(lines) + "\n  ]\n}\n")


def new_header(gpu, commit, created="1970-01-01T00:00:00Z"):
    return {"format": "autogemm-tuning-table", "version": 1, "gpu": gpu, "created": created,
            "commit": commit}


def with_last_token(spec, token):
    """`spec` with `_token` inserted where spec_name puts the launch tokens (`_nopdl`, `_pfN`,
    `_smid`): last but for a compiled-in shape (`_fixMxNxK`) and the scaled epilogue (`_ab`)."""
    m = re.search(r"(_fix\d+x\d+x\d+)?(_ab)?$", spec)
    return spec[: m.start()] + "_" + token + spec[m.start():]


def write_shapes(out_dir, entries):
    """OUT_DIR/shapes.txt: the entries' M_N_K words on one line (the run scripts' SHAPES)."""
    with open(f"{out_dir}/shapes.txt", "w") as f:
        f.write(" ".join(f"{e['m']}_{e['n']}_{e['k']}" for e in entries) + "\n")
