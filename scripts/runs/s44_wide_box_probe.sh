#!/usr/bin/env bash
# Session 44, ON the device (an H200, ~2-4 min): swap-AB split-N tiles wider than 256 without a
# cluster that splits B (two TMA boxes a stage since this session; before, TMA's 256-row box
# limit made them invalid). cuBLASLt-autotune's picks on the lowest off-table large shapes are
# such tiles in its frame (6989x608x14880: 128x272 in a 1x2 cluster, one wave of 130 CTAs;
# 5378x952x13544 and 2064x9664x10328: 192x208 1x2). Shapes: bench/shapes/large_weak10_s40.txt.
# Methods: cuBLASLt-autotune nn and tn and the 128x272 and 192x208
# split-N swap tiles in 1x1 and 1x2 clusters; two processes. First the GPU correctness tests of
# the new loads (KernelSweep's scaled-epilogue fixed cases, fitted specs, uneven slices).
# Predicted: 128x272 c1x2 on 6989x608x14880 >= 0.98x of cuBLASLt (gemm() 0.91x); 192x208 c1x2 on
# 5378x952x13544 ~1.0x (h200_wide_tile_s41: 1.013).
# Output: $OUT/s44_wide_box.tgz
source "$(dirname "$0")/spec_bench.sh"
name=s44_wide_box
d="${OUT:-/tmp/$name}/$name"
mkdir -p "$d"
record_machine "$d" > /dev/null
[ -n "${NO_TESTS:-}" ] || timeout 300 ctest --test-dir build -L gpu \
  -R "KernelSweep\.(ScaledEpilogue|FittedSpecs|UnevenMulticast)" --output-on-failure \
  > "$d/ctest_kernel_sweep.log" 2>&1
echo "ctest exit $?"
tail -3 "$d/ctest_kernel_sweep.log"
shapes=$(shape_list bench/shapes/large_weak10_s40.txt)
for run in 1 2; do
  OUT="$d" BENCH_TIMEOUT=300 spec_bench "wide_$run" "$shapes" \
    128x272x64_s4_c1x2_coopn_persist_r8m_swap 128x272x64_s4_c1x1_coopn_persist_r8m_swap \
    192x208x64_s4_c1x2_coopn_persist_r8m_swap 192x208x64_s4_c1x1_coopn_persist_r8m_swap
  tar czf "${OUT:-/tmp/$name}/$name.tgz" -C "${OUT:-/tmp/$name}" "$name"
done
