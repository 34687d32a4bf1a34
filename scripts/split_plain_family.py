#!/usr/bin/env python3
"""Plainly launched split-K candidates for a tuning table's split-pass entries, one table per form.

Session 52 (notes 379-381): a one-wave split grid launched without PDL keeps the hardware's plain
CTA placement, where a piece-major order of one-CTA tiles puts CTAs that share an operand tile
side by side; the L2 request coalescer merges their requests and they cross between the L2
partitions less. The twins of the shipped picks (split_launch_twins.py) keep each pick's tile; on
256x1024x16384 a different tile won (64x128 skp4p against the pick's 128x128 skp8p). This writes,
for every split entry, the family's candidates: tiles 64x128 and 64x64 (one warpgroup), 128x128
and 128x64 (two cooperative), each in as many pieces as fill one wave (at most 8, at least 2, with
8 k-blocks a piece or more), piece-major, rasters r8m and r1n, one-CTA clusters, no PDL. One table
per (tile, raster) into OUT_DIR/<form>.json (a shape with no valid split for a tile is left out
of that table), and shapes.txt. With --unsplit, the same candidates for the middle class's other
few-tile entries instead (no split pass, K >= 2048, at most 66 tiles of 128x128). With --smid,
the candidates keep PDL and have their pieces placed by SM (`_smid`, session 53) instead of
launching plainly.
Usage: split_plain_family.py TABLE.json OUT_DIR [SM_COUNT] [--unsplit] [--smid]"""
import os
import sys

from tuning_table import read_table, write_shapes, write_table

TILES = {"64x128": ("64x128x64_s8", "wg1"), "64x64": ("64x64x64_s8", "wg1"),
         "128x128": ("128x128x64_s7", "coop"), "128x64": ("128x64x64_s8", "coop")}


def candidate(e, tile, raster, sm_count, launch):
    size, warpgroups = TILES[tile]
    bm, bn = (int(v) for v in tile.split("x"))
    tiles = -(-e["m"] // bm) * -(-e["n"] // bn)
    # The most pieces that fill one wave; a shape whose K is too short for them is left out
    # rather than split fewer ways (as session 52 ran it: fewer pieces would be more candidates).
    split = min(8, sm_count // tiles)
    if split < 2 or e["k"] // 64 < 8 * split:
        return None
    return f"sm90_f16f32_tn_{size}_c1x1_{warpgroups}_tiles_{raster}_skp{split}p_{launch}"


def unsplit_few_tile(e, sm_count):
    flops = 2 * e["m"] * e["n"] * e["k"]
    tiles = -(-e["m"] // 128) * -(-e["n"] // 128)
    return ("_skp" not in e["spec"] and 1e8 <= flops < 1e11 and e["k"] >= 2048
            and 2 * tiles <= sm_count)


def main():
    args = [a for a in sys.argv[1:] if a not in ("--unsplit", "--smid")]
    unsplit = "--unsplit" in sys.argv[1:]
    launch = "smid" if "--smid" in sys.argv[1:] else "nopdl"
    if len(args) not in (2, 3):
        sys.exit(__doc__)
    table = read_table(args[0])
    out = args[1]
    sm_count = int(args[2]) if len(args) == 3 else 132
    os.makedirs(out, exist_ok=True)
    chosen = (lambda e: unsplit_few_tile(e, sm_count)) if unsplit else (lambda e: "_skp" in e["spec"])
    split = [e for e in table["entries"] if chosen(e) and e["layout"] == "tn"
             and (e["dtype"], e["acc"]) == ("fp16", "fp32")]
    for tile in TILES:
        for raster in ("r8m", "r1n"):
            entries = []
            for e in split:
                spec = candidate(e, tile, raster, sm_count, launch)
                if spec:
                    entries.append(dict(e, spec=spec))
            write_table(f"{out}/p{tile}{raster}.json", table, entries)
    write_shapes(out, split)
    print(f"{len(split)} entries, {2 * len(TILES)} family tables in {out}")


if __name__ == "__main__":
    main()
