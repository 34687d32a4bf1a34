#!/usr/bin/env python3
"""The small-class shape sets of session 32 (h200_small_trial_s32.md), each exactly as drawn:
small problems (2MNK < 1e8) off the CUDA-L2 grid, M log-uniform from 1, N log-uniform from 64 to
8192 and K in a band, N and K multiples of 8 (the kernel's TMA rule). Usage:
  small_shapes_s32.py long_k  > bench/shapes/small_long_k40_s32.txt  (K >= 1024, not decode-like)
  small_shapes_s32.py mid_k   > bench/shapes/small_mid_k40_s32.txt   (256 <= K < 1024)
  small_shapes_s32.py k512    > bench/shapes/small_k512_s32.txt      (512 <= K < 1024)
  small_shapes_s32.py short_k > bench/shapes/small_short_k_s32.txt   (K < 512)
"""
import os
import random
import sys

GRID_DIMS = {64, 128, 256, 512, 1024, 2048, 4096, 8192, 12288, 16384}


def small_off_grid(m, n, k):
    return 2 * m * n * k < 1e8 and not {m, n, k} <= GRID_DIMS


def m_n(rng, m_log2_hi):
    m = max(1, round(2 ** rng.uniform(0, m_log2_hi)))
    n = max(64, 8 * round(2 ** rng.uniform(6, 13) / 8))
    return m, n


def long_k():
    """40 with K from 1024 to 16384, leaving out the decode-like ones (M <= 64 with N and K >=
    2048), which gemm() already times."""
    rng, shapes = random.Random(3232), set()
    while len(shapes) < 40:
        m, n = m_n(rng, 10)
        k = max(1024, 8 * round(2 ** rng.uniform(10, 14) / 8))
        if small_off_grid(m, n, k) and not (m <= 64 and n >= 2048 and k >= 2048):
            shapes.add((m, n, k))
    return "40 small long-K shapes (K >= 1024, not decode-like), seed 3232", shapes


def mid_k():
    """40 with 256 <= K < 1024."""
    rng, shapes = random.Random(3233), set()
    while len(shapes) < 40:
        m, n = m_n(rng, 10)
        k = 8 * round(2 ** rng.uniform(8, 10) / 8)
        if 256 <= k < 1024 and small_off_grid(m, n, k):
            shapes.add((m, n, k))
    return "40 small shapes with 256 <= K < 1024, seed 3233", shapes


def k512():
    """mid_k's shapes with K >= 512, and 24 more with 512 <= K < 1024."""
    shapes = {s for s in mid_k()[1] if s[2] >= 512}
    rng, first = random.Random(3234), len(shapes)
    while len(shapes) < first + 24:
        m, n = m_n(rng, 10)
        k = 8 * round(2 ** rng.uniform(9, 10) / 8)
        if 512 <= k < 1024 and small_off_grid(m, n, k):
            shapes.add((m, n, k))
    return f"{len(shapes)} small shapes with 512 <= K < 1024: mid_k's and 24 more, seed 3234", shapes


def short_k():
    """mid_k's shapes with K < 512, and 24 more with 16 <= K < 256 (M up to 4096)."""
    shapes = {s for s in mid_k()[1] if s[2] < 512}
    rng, first = random.Random(3235), len(shapes)
    while len(shapes) < first + 24:
        m, n = m_n(rng, 12)
        k = max(16, 8 * round(2 ** rng.uniform(4, 8) / 8))
        if k < 256 and small_off_grid(m, n, k):
            shapes.add((m, n, k))
    return f"{len(shapes)} small shapes with K < 512: mid_k's and 24 more with K < 256, seed 3235", shapes


def main():
    sets = {"long_k": long_k, "mid_k": mid_k, "k512": k512, "short_k": short_k}
    if len(sys.argv) != 2 or sys.argv[1] not in sets:
        sys.exit(f"usage: {os.path.basename(sys.argv[0])} {'|'.join(sets)}")
    title, shapes = sets[sys.argv[1]]()
    print(f"# {title}; made by: scripts/small_shapes_s32.py {sys.argv[1]}")
    for m, n, k in sorted(shapes):
        print(f"{m}_{n}_{k}")


if __name__ == "__main__":
    main()
