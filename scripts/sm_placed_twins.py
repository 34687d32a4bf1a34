#!/usr/bin/env python3
"""Twins of a tuning table's split-pass entries with their pieces placed by SM, for a confirm run.

Session 53 (notes 387): under PDL a split grid's CTAs take SMs as the previous kernel frees them,
and the piece order meant for a plain launch's placement is lost; session 52 therefore launched 21
split entries without PDL (one-CTA, pieces major, r8m or r1n). Placed by SM (`_smid`: one CTA per
SM, each taking the piece a plain launch would have put there) keeps that order under PDL: on
33-tile shapes 4-9% under the plain launch (smid_probe_s53). Writes, into OUT_DIR, one table per
form, each holding the split entries only, every twin one-CTA, pieces major, with PDL and `_smid`
(a last-piece sum `l` dropped):
  smid      the entry's own raster;
  smidr8m   raster r8m;
  smidr1n   raster r1n.
and shapes.txt, the entries' M_N_K words on one line. With --middle (as built at ac9fd28, where
whole-tile grids could be placed; measured 0.909x and withdrawn, notes 390), the middle class's
whole-tile entries instead (1e8 <= 2MNK < 1e11; no split pass, stream-K or cluster split-K;
launched with PDL), placed by SM with their own tile order: `smid` for the one-CTA entries,
`c1smid` (one-CTA clusters) for the clustered ones.
Usage: sm_placed_twins.py TABLE.json OUT_DIR [--middle]"""
import os
import re
import sys

from tuning_table import read_table, with_last_token, write_shapes, write_table

FORMS = ("smid", "smidr8m", "smidr1n")


def twin(spec, form):
    spec = spec.replace("_nopdl", "")
    spec = re.sub(r"_c\dx\d_", "_c1x1_", spec)
    if form != "smid":
        spec = re.sub(r"_r\d+[mn]_", "_r8m_" if form == "smidr8m" else "_r1n_", spec)
    return with_last_token(re.sub(r"_skp(\d+)p?l?(?=_|$)", r"_skp\1p", spec), "smid")


def placed(spec):
    return with_last_token(spec, "smid")


def main():
    if len(sys.argv) not in (3, 4) or (len(sys.argv) == 4 and sys.argv[3] != "--middle"):
        sys.exit(__doc__)
    table = read_table(sys.argv[1])
    out = sys.argv[2]
    os.makedirs(out, exist_ok=True)
    if len(sys.argv) == 4:
        chosen = [e for e in table["entries"]
                  if 1e8 <= 2 * e["m"] * e["n"] * e["k"] < 1e11
                  and not re.search(r"_(skp\d|sk\d*(_|$)|ck\d)", e["spec"] + "_")
                  and "_nopdl" not in e["spec"]]
        one = [e for e in chosen if "_c1x1_" in e["spec"]]
        clustered = [e for e in chosen if "_c1x1_" not in e["spec"]]
        write_table(f"{out}/smid.json", table, [dict(e, spec=placed(e["spec"])) for e in one])
        write_table(f"{out}/c1smid.json", table,
                    [dict(e, spec=placed(re.sub(r"_c\dx\d_", "_c1x1_", e["spec"])))
                     for e in clustered])
    else:
        chosen = [e for e in table["entries"] if "_skp" in e["spec"]]
        for form in FORMS:
            write_table(f"{out}/{form}.json", table,
                        [dict(e, spec=twin(e["spec"], form)) for e in chosen])
    write_shapes(out, chosen)
    print(f"{len(chosen)} entries, twin tables in {out}")


if __name__ == "__main__":
    main()
