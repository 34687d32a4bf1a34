#!/usr/bin/env bash
# ON the device (session 50, experiment S50B; ~3 min on an H200; pack: CLI, test_kernel_sweep,
# test_dispatch_gpu): gemm() with and without the few-tile family in its first-call trial
# (AUTOGEMM_EXP_S50B=1 adds runtime::few_tile_family: swap-AB, a 128-row weight tile, M cut in two
# equal tiles in a 1x2 cluster, split sm_count / (2 ceil(N/128)) ways, piece-major; for middle-class
# problems with 65 <= M <= 512 and K >= 4096). First the split-K GPU tests (the last piece's sum
# after the review fixes: atomicInc's wrap, the warp sync after the shuffle, fewer loads in flight
# with three consumers) and TimedChoiceGpu / DispatchGpu.
# Shapes: bench/shapes/fewtile_longk24_s50b.txt (fresh, seed 5004; the rule is read on it) and
# fewtile_longk10_s50.txt (where the family was found: s50_swap_split_probe, not independent).
# Four processes in mirror order (base, fam, fam, base), `cm` beside `auto` in each.
# Rule, set before the run: ship if the fresh set gains >= 0.5% against `cm` in both pairs and
# loses no more than 0.3% in either. Predicted: +1-3% on the fresh set (the family wins on about a
# third of its shapes, by 5-10% where M is not a multiple of 128).
# Output: $OUT/s50_fewtile_arms.tgz, $OUT/ctest_split.log
source "$(dirname "$0")/spec_bench.sh"
timeout 150 ctest --test-dir build -L gpu -R "SplitLastPiece|SplitReductionPass|TimedChoiceGpu|DispatchGpu" \
  --output-on-failure > "${OUT:-/tmp}/ctest_split.log" 2>&1
echo "ctest exit $?: $(grep -E 'tests passed|tests failed' "${OUT:-/tmp}/ctest_split.log")"
ARMS_ORDER="${ARMS_ORDER:-base:1 fam:1 fam:2 base:2}" gemm_arms_probe s50_fewtile_arms \
  "base fam:AUTOGEMM_EXP_S50B=1" bench/shapes/fewtile_longk24_s50b.txt bench/shapes/fewtile_longk10_s50.txt
