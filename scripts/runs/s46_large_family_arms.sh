#!/usr/bin/env bash
# Prepared in session 45 (notes 318), ON an H200 (~8-9 min; carry the CLI-only pack): gemm()'s
# pick with the shipped large-class trial families (arm base) against experiment S46 (switch
# AUTOGEMM_EXP_S46 in src/runtime/timed_choice.cpp): `swap` puts 192x192 s3 c1x2 wg3 (etmat,
# lag0) in the place of the 256x128 c1x2 coop family, `add` appends it to the list; on 36 fresh
# large off-grid shapes (bench/shapes/large_family36_s45.txt), processes in mirror order, `cm`
# (the model's untimed first pick) beside gemm() in every process.
# Why: on 231 tuned large shapes (h200_offgrid462_s45) 192x192 wg3 won 47, the 256x128 family 6;
# offline (the store timed only 30% of the trial's candidates) the swap moves the trial's winner
# +0.42% where both were timed, the addition +0.63%.
# Rule, fixed now: an arm ships if the large class gains >= 0.3% against `cm` in both pairs
# (scripts/arm_class_stats.py --ref cm DIR base ARM 2 bench/shapes/large_family36_s45.txt);
# `swap` wins a tie (no longer first call); neither: remove the switch.
# Predicted: swap +0.1-0.4%, add +0.2-0.5%.
# ARMS_ORDER can split the six processes over two calls (e.g. "swap:1 base:1 add:1" then
# "add:2 base:2 swap:2", each into its own OUT).
# Output: $OUT/s46_large_family.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-swap:1 base:1 add:1 add:2 base:2 swap:2}" BENCH_TIMEOUT=300 \
  gemm_arms_probe s46_large_family "base swap:AUTOGEMM_EXP_S46=swap add:AUTOGEMM_EXP_S46=add" \
  bench/shapes/large_family36_s45.txt
