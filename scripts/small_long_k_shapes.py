#!/usr/bin/env python3
"""Small problems with a long K: 2MNK < 1e8 (the small class) and K >= 1024, off the CUDA-L2
grid and not decode-like (M <= 64 with N and K >= 2048, which gemm() already times). Such calls
run 4-6 us on an H200, longer than a launch, because their k-blocks form a serial chain
(h200_fresh_s32.md). Draws M log-uniformly from 1 to 1024, N from 64 to 8192 and K from 1024 to
16384 (N and K rounded to multiples of 8, the kernel's TMA rule), keeps the draws in the class.
Usage: small_long_k_shapes.py COUNT SEED > FILE
"""
import random
import sys

GRID_DIMS = {64, 128, 256, 512, 1024, 2048, 4096, 8192, 12288, 16384}


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    shapes = set()
    while len(shapes) < count:
        m = max(1, round(2 ** rng.uniform(0, 10)))
        n = max(64, 8 * round(2 ** rng.uniform(6, 13) / 8))
        k = max(1024, 8 * round(2 ** rng.uniform(10, 14) / 8))
        if 2 * m * n * k >= 1e8 or {m, n, k} <= GRID_DIMS:
            continue
        if m <= 64 and n >= 2048 and k >= 2048:
            continue
        shapes.add((m, n, k))
    print(f"# {count} small long-K shapes, made by: scripts/small_long_k_shapes.py {count} {seed}")
    for m, n, k in sorted(shapes):
        print(f"{m}_{n}_{k}")


if __name__ == "__main__":
    main()
