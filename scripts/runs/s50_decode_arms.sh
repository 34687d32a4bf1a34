#!/usr/bin/env bash
# ON the device (session 50, experiment S50; ~5 min on an H200; CLI-only pack): gemm() with and
# without the last-piece twins in the decode-like first-call trial (AUTOGEMM_EXP_S50=1 adds, to
# every PDL split-pass candidate whose pieces fit in one wave, its `_skpNl` twin: no reduction
# pass), on decode.txt and 32 fresh decode-like shapes (decode_like32_s50.txt, seed 5001), four
# processes in mirror order (base, last, last, base), each with the cost model's first pick `cm`
# beside `auto` as the per-process reference (gemm_arms_probe).
# Why: in s50_split_last the skp3l twins ran 5120 x 13824 at 36.6-40.2 us against skp3's
# 38.1-41.3 (-1.1 to -1.7 us), 5120 x 5120 level or 0.1-0.3 us faster, and lost on multi-wave
# grids (13824 x 5120, 324 CTAs) and the table's bigger tiles.
# Rule, set before the run: ship (switch removed, twins on) if decode.txt's gemm() geomean against
# `cm` gains >= 0.5% in both pairs and the fresh set loses nothing beyond 0.3% in either pair.
# Predicted: decode.txt +1.0-1.5% (the five 5120 x 13824 shapes ~4%), the fresh set +0-0.5%.
# Read: python3 scripts/arm_class_stats.py --ref cm DIR base last 2 bench/shapes/decode.txt
#       bench/shapes/decode_like32_s50.txt
# Run 1 (notes 362): decode.txt +0.17% against `cm` (rule not met), the fresh set +1.7% middle,
# +12% small. Run 2 (SET=b: decode.txt and a second fresh set, decode_like32_s50b.txt, seed 5002),
# its rule set before it: ship if the new fresh set gains >= 0.5% against `cm` in both pairs and
# decode.txt loses nothing beyond 0.3% in either.
# Output: $OUT/s50_decode_arms${SET:+_$SET}.tgz
source "$(dirname "$0")/spec_bench.sh"
fresh=bench/shapes/decode_like32_s50${SET:-}.txt
ARMS_ORDER="${ARMS_ORDER:-base:1 last:1 last:2 base:2}" gemm_arms_probe "s50_decode_arms${SET:+_$SET}" \
  "base last:AUTOGEMM_EXP_S50=1" bench/shapes/decode.txt "$fresh"
