#!/usr/bin/env python3
"""Twins of a tuning table's entries launched without PDL, for a confirm run.

Session 52 (notes 379-380): under PDL a split grid's CTAs take SMs in the order the previous
kernels free them, so CTAs that share an operand tile no longer run side by side; launched plainly
they do, and a one-CTA tile order whose neighbours share A or B gets their requests merged by the
L2 request coalescer and crosses between the L2 partitions less (256x1024x16384: 64x128 c1x1
skp4p r8m without PDL 18.8-19.4 us against the table's 20.8-21.2). Writes, into OUT_DIR, one
table per twin form, each holding the split entries only:
  nopdl  the entry's spec without PDL (its `_pfN` prefetch dropped: it needs PDL);
  c1r8m  that, with one-CTA clusters, piece-major pieces and raster r8m;
  c1r1n  the same with raster r1n.
and shapes.txt, the entries' M_N_K words on one line. With --middle, the middle class's other
entries instead (1e8 <= 2MNK < 1e11, no split pass, launched with PDL), in two forms:
  nopdl   as above;
  c1nopdl that, with one-CTA clusters (written for clustered entries only).
Usage: split_launch_twins.py TABLE.json OUT_DIR [--middle]"""
import os
import re
import sys

from tuning_table import read_table, with_last_token, write_shapes, write_table

FORMS = ("nopdl", "c1r8m", "c1r1n")


def without_pdl(spec):
    spec = re.sub(r"_pf\d+(?=_|$)", "", spec)
    if "_nopdl" in spec:
        return spec
    return with_last_token(spec, "nopdl")


def twin(spec, form):
    spec = without_pdl(spec)
    if form == "nopdl":
        return spec
    spec = re.sub(r"_c\dx\d_", "_c1x1_", spec)
    spec = re.sub(r"_r\d+[mn]_", "_r8m_" if form == "c1r8m" else "_r1n_", spec)
    # (A last-piece sum, `l`, is dropped: plain_order_launches in src/spec does the same.)
    return re.sub(r"_skp(\d+)p?l?(?=_|$)", r"_skp\1p", spec)


def middle_twin(spec, form):
    spec = without_pdl(spec)
    return re.sub(r"_c\dx\d_", "_c1x1_", spec) if form == "c1nopdl" else spec


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--middle"):
        sys.exit(__doc__)
    table = read_table(sys.argv[1])
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    if len(sys.argv) == 4:
        chosen = [e for e in table["entries"]
                  if 1e8 <= 2 * e["m"] * e["n"] * e["k"] < 1e11 and "_skp" not in e["spec"]
                  and "_nopdl" not in e["spec"]]
        forms = {"nopdl": chosen, "c1nopdl": [e for e in chosen if not re.search(r"_c1x1_", e["spec"])]}
        for form, entries in forms.items():
            write_table(f"{out}/{form}.json", table,
                        [dict(e, spec=middle_twin(e["spec"], form)) for e in entries])
    else:
        chosen = [e for e in table["entries"] if "_skp" in e["spec"]]
        for form in FORMS:
            write_table(f"{out}/{form}.json", table,
                        [dict(e, spec=twin(e["spec"], form)) for e in chosen])
    write_shapes(out, chosen)
    print(f"{len(chosen)} entries, twin tables in {out}")


if __name__ == "__main__":
    main()
