#!/usr/bin/env bash
# ON the device (session 55, experiment S55B; CLI-only pack): gemm() with and without the
# best-fitted wide swap-AB tile (wide_swap_specs' first in a 1-2-CTA cluster: row blocks in parts
# where they keep four stages) as a trial candidate of every problem from 2MNK 5e9 that is not
# decode-like, whatever the listed candidates fill (AUTOGEMM_EXP_S55B=1), on 48 fresh shapes where
# the switch adds one (bench/shapes/wide_swap_any48_s55.txt), four processes in mirror order
# (base, any, any, base), each with the cost model's first pick `cm` beside `auto`.
# Why: on offgrid70_s55 (h200_acceptance_s55) 13624x992x856 and 1676x5544x424 read 0.85-0.96x;
# cuBLASLt ran 256x144 there, and fitted_score ranks 128x128 c2x4 as well filled (it does not see
# a wide tile's lower L2 traffic per flop), so the S55A gate (1.05x better filling) held the wide
# tile out; 1676x5544x424 is below S55A's 1e10.
# Rule, set before the run: ship (switch removed, on) if gemm()'s geomean against `cm` gains
# >= 0.5% in both pairs. Predicted: +0.3-1.0% (most shapes level, the tall-skinny ones 3-10%).
# Read: python3 scripts/arm_pick_split.py DIR base any 2 cm '_swap' SHAPES
# Result (notes 403, h200_wide_swap_any_s55): +0.58% / -0.05% against `cm`: not met; +2.5-4.5%
# where the added tile won (3-6 shapes a pair), the rest level. The switch was removed; to rerun,
# check out the experiment's commit (7c23be9).
# Output: $OUT/s55_wide_swap_any_arms.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-base:1 any:1 any:2 base:2}" gemm_arms_probe s55_wide_swap_any_arms \
  "base any:AUTOGEMM_EXP_S55B=1" bench/shapes/wide_swap_any48_s55.txt
