#!/usr/bin/env bash
# Session 40, ON the device (an H200; run, h200_cluster_free_s40.md: no gain, the switch removed): the trial with cluster-free twins (timed_choice.cpp,
# with_cluster_free_twins; host switch AUTOGEMM_EXP_S40=1): after the trial's candidates, the 1x1
# twin of each of the model's first three that has a cluster. The cost model learned from tunings
# made under the early trigger; since its removal the re-tunes dropped the cluster on 98 of 105
# new picks, and in those stores the best clustered spec is 1.3% (large) and 4.0% (middle)
# slower than the best 1x1 one, while gemm()'s large picks off the table are mostly clustered
# (s40_large_family: 0.977-0.978x of cuBLASLt). Predicted: +1-2% on held-out large shapes,
# +1-3% on fresh middle ones, small ones unchanged. gemm()'s pick, processes alternating, PAIRS
# rounds (default 2), on large_offgrid32_s27, large_offgrid30_s40 and the fresh offgrid63_s40
# (seed 4001, every class). Compare raw times per pair (arm / off).
# Output: $OUT/s40_cluster_free.tgz
source "$(dirname "$0")/spec_bench.sh"
BENCH_TIMEOUT=280 gemm_arms_probe s40_cluster_free "off c1:AUTOGEMM_EXP_S40=1" \
  bench/shapes/large_offgrid32_s27.txt bench/shapes/large_offgrid30_s40.txt bench/shapes/offgrid63_s40.txt
