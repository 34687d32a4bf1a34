#!/usr/bin/env python3
"""Decode-like shapes for training: few tokens (M 1..64) against a large weight (N x K), the
weight-streaming regime the grid (M from 64) and the random off-grid sets (mostly small N x K)
leave out. Draws M log-uniformly from 1 to 64, N and K log-uniformly from 2048 to 16384 rounded
to multiples of 128 (model dimensions), and leaves out the (N, K) pairs of bench/shapes/decode.txt
so those stay unseen. Usage: decode_like_shapes.py COUNT SEED > FILE
"""
import random
import sys

HELD_OUT_NK = {(5120, 5120), (13824, 5120), (5120, 13824)}


def main():
    count, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    shapes = set()
    while len(shapes) < count:
        m = max(1, round(2 ** rng.uniform(0, 6)))
        n, k = (128 * max(16, round(2 ** rng.uniform(11, 14) / 128)) for _ in range(2))
        if (n, k) not in HELD_OUT_NK:
            shapes.add((m, n, k))
    print(f"# {count} decode-like shapes, made by: scripts/decode_like_shapes.py {count} {seed}")
    for m, n, k in sorted(shapes):
        print(f"{m}_{n}_{k}")


if __name__ == "__main__":
    main()
