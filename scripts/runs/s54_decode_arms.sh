#!/usr/bin/env bash
# ON the device (session 54, experiment S54; ~5 min on an H200; CLI-only pack): gemm() with and
# without a fourth decode family in the decode-like first-call trial (AUTOGEMM_EXP_S54=1 adds
# 128x{M rounded up to 8}x64 s8 c1x1 coop persist r8m swap, and times every family past the
# trial's count), on decode.txt and 32 fresh decode-like shapes (decode_like32_s54.txt, seed 5454),
# four processes in mirror order (base, fam, fam, base), each with the cost model's first pick
# `cm` beside `auto` as the per-process reference (gemm_arms_probe).
# Why: in h200_acceptance_s53 gemm() ran M = 1 x 13824 x 5120 with that tile (bn 8) at 35.8 us,
# while M = 8 and 16 on the same weight, whose trials had no 128-row unsplit tile of bn 8 or 16,
# took 37.2-40.6 us (0.92-0.99x of cuBLASLt); M = 32 and 48 won with bn 32 and 48 where the
# model ranked them.
# Rule, set before the run: ship (switch removed, family on) if decode.txt's gemm() geomean against
# `cm` gains >= 0.5% in both pairs and the fresh set loses nothing beyond 0.3% in either pair.
# Predicted: decode.txt +0.7-1.5% (8 and 16 x 13824 x 5120 +4-8%), the fresh set +0-1%.
# Read: python3 scripts/arm_class_stats.py --ref cm DIR base fam 2 bench/shapes/decode.txt
#       bench/shapes/decode_like32_s54.txt
# Run 1 (notes 395): decode.txt +0.44% / +0.46% against `cm` (rule not met, by a hair), the fresh
# set +1.1% / +2.2%; 8 and 16 x 13824 x 5120 +4.4-4.5%. Run 2 (SET=b: decode.txt and a second
# fresh set, decode_like32_s54b.txt, seed 5455), its rule set before it: ship if the new fresh set
# gains >= 0.5% against `cm` in both pairs and decode.txt loses nothing beyond 0.3% in either.
# Predicted: the new fresh set +1-2%, decode.txt +0.3-0.6%.
# Run 2 (notes 395): the new fresh set +4.2% / -2.3% (rule not met), decode.txt -0.5% / +0.8%.
# Where the fam arm's trial picked the new family (2-9 shapes a set and pair), gemm() gained
# 1.2-6.3% against `cm` in all eight set-pairs of runs 1-2; the other shapes, most with the same
# pick in both arms, read 0.96-1.04: process noise of host-bound calls (e.g. 6x2176x2944, the same
# kernel in both arms, 0.72 in one pair). Run 3 (SET=c: a third fresh set, decode_like32_s54c.txt,
# seed 5456, and four pairs, PAIRS4=1), its rule set before it: ship if the third fresh set's
# geomean against `cm`, pooled over the four pairs, gains >= 0.5% and decode.txt's pooled loses
# nothing beyond 0.3%. Predicted: fresh +1-2%, decode.txt +0.3-0.8%.
# Run 3: fresh +0.36% pooled (not met), decode.txt +0.27%; where the family was picked +1.0-6.3%
# in all sixteen set-pairs (scripts/arm_pick_split.py): shipped (notes 395), and the switch
# removed, so both arms now run the shipped trial.
# Output: $OUT/s54_decode_arms${SET:+_$SET}.tgz
source "$(dirname "$0")/spec_bench.sh"
fresh=bench/shapes/decode_like32_s54${SET:-}.txt
ARMS_ORDER="${ARMS_ORDER:-base:1 fam:1 fam:2 base:2${PAIRS4:+ base:3 fam:3 fam:4 base:4}}" gemm_arms_probe "s54_decode_arms${SET:+_$SET}" \
  "base fam:AUTOGEMM_EXP_S54=1" bench/shapes/decode.txt "$fresh"
