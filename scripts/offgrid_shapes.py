#!/usr/bin/env python3
"""Shapes outside the CUDA-L2 grid, for checking what gemm() picks where no table entry exists.

Draws log2(M), log2(N), log2(K) uniformly (M from 1, N and K from 64, all to 16384), rounds N and
K to multiples of 8 (the kernel's TMA rule; M stays any integer), keeps 2MNK within [1e6, 1e13],
drops grid shapes, and stratifies by log10(2MNK) like `autogemm shapes --sample`: an equal
number per decade. Usage: offgrid_shapes.py COUNT SEED > FILE
"""
import math
import random
import sys

GRID_DIMS = {64, 128, 256, 512, 1024, 2048, 4096, 8192, 12288, 16384}


def draw(rng):
    m = max(1, round(2 ** rng.uniform(0, 14)))
    n, k = (max(64, 8 * round(2 ** rng.uniform(6, 14) / 8)) for _ in range(2))
    return m, n, k


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    decades = list(range(6, 13))  # 1e6 .. 1e13
    per = {d: [] for d in decades}
    want = count // len(decades)
    if want * len(decades) != count:
        sys.exit(f"COUNT must be a multiple of {len(decades)} (one share per decade of 2MNK)")
    while any(len(v) < want for v in per.values()):
        m, n, k = draw(rng)
        if {m, n, k} <= GRID_DIMS:
            continue
        d = math.floor(math.log10(2 * m * n * k))
        if d in per and len(per[d]) < want:
            per[d].append((m, n, k))
    shapes = sorted((s for d in decades for s in per[d]), key=lambda s: s[0] * s[1] * s[2])
    print(f"# {len(shapes)} shapes outside the cudal2 grid, made by: scripts/offgrid_shapes.py {count} {seed}")
    for m, n, k in shapes:
        print(f"{m}_{n}_{k}")


if __name__ == "__main__":
    main()
