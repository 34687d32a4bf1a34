#!/usr/bin/env python3
"""A tuning table's entries for another data type or accumulator: each fp16/fp32 entry's spec
with the dtype and accumulator of its name replaced (sm90_f16f32_... -> sm90_bf16f32_... or
sm90_f16f16_...), so that one type's picks can be timed for another (the kernel template is the
same). Several accumulator sets (`_accN`) are for fp32 accumulation only: the fp16-accumulator
twin drops them.
Usage: twin_table.py IN.json[.gz] OUT.json bf16|f16acc"""
import re
import sys

from tuning_table import read_table, write_table

FORMS = {"bf16": ("bf16", "fp32", "sm90_bf16f32_"), "f16acc": ("fp16", "fp16", "sm90_f16f16_")}


def main():
    if len(sys.argv) != 4 or sys.argv[3] not in FORMS:
        sys.exit(__doc__)
    src, out, form = sys.argv[1:]
    dtype, acc, prefix = FORMS[form]
    table = read_table(src)
    entries = []
    for e in table["entries"]:
        if (e["dtype"], e["acc"]) != ("fp16", "fp32") or not e["spec"].startswith("sm90_f16f32_"):
            continue
        spec = prefix + e["spec"][len("sm90_f16f32_"):]
        if acc == "fp16":
            spec = re.sub(r"_acc\d+(?=_|$)", "", spec)
        entries.append(dict(e, dtype=dtype, acc=acc, spec=spec))
    write_table(out, table, entries)
    print(f"{len(entries)} {form} entries -> {out}")


if __name__ == "__main__":
    main()
