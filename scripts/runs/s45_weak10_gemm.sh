#!/usr/bin/env bash
# Prepared in session 44, ON the device (an H200, ~2-3 min; carry a pack with the CLI and
# test_kernel_sweep): first KernelSweep.RandomShapesMatchReference, which holds the new 128x272
# c1x2 swap-AB tail and did not run on a GPU in session 44; then gemm()'s pick (`auto`, the
# shipped trial with its wave-filling candidate from the ranking and wide_swap_specs) and `cm`
# (the cost model's untimed first pick) against cuBLASLt-autotune on the ten off-table large
# shapes where gemm() lost most (bench/shapes/large_weak10_s40.txt), two processes.
# Predicted: on 6989x608x14880 and 5378x952x13544 the trial picks the added 128x272 c1x2 /
# 192x208 c1x2 swap-AB tile (0.957x / 0.966x of cuBLASLt in h200_wide_box_s44): gemm() +5-9%
# against `cm` there; elsewhere within +-2%.
# Output: $OUT/s45_weak10.tgz
source "$(dirname "$0")/spec_bench.sh"
d="${OUT:-/tmp/s45_weak10}/s45_weak10"
mkdir -p "$d"
[ -n "${NO_TESTS:-}" ] || timeout 300 ctest --test-dir build -L gpu -R RandomShapes \
  --output-on-failure > "$d/ctest_random_shapes.log" 2>&1
echo "ctest exit $?"
# One arm, `auto`, in two processes: auto_1, auto_2 (with `cm` beside gemm()).
BENCH_TIMEOUT=300 gemm_arms_probe s45_weak10 auto bench/shapes/large_weak10_s40.txt
