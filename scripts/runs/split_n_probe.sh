#!/usr/bin/env bash
# Split N ("coopn": two cooperative warpgroups over a tile's columns, so bm 192 runs with two
# warpgroups, the 192x192 1x2 tile cuBLASLt picks on 16384x16384x4096 on the H100; notes 186),
# ON the device: the kernel sweep's GPU tests (correctness, with the new specs), then the three
# headline shapes in both protocols (sustained_probe.sh) against the best specs so far.
# Output: $OUT/split_n.tgz (and $OUT/split_n/ctest.log).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/split_n}"
mkdir -p "$out/split_n"
gpu_tests "$out/split_n/ctest.log" KernelSweep
export NAME=split_n OUT="$out" REPS="${REPS:-2}" TABLE="${TABLE:-data/nvidia_h100_80gb_hbm3.json}"
export SHAPES="${SHAPES:-4096_4096_4096 8192_8192_8192 16384_16384_4096}"
export SPECS="${SPECS:-128x256x64_s4_c2x1_coop_persist_r8n_etma 256x128x64_s4_c1x2_coop_persist_r8m_etma
  192x192x64_s4_c1x2_coopn_persist_r8m 192x192x64_s4_c2x1_coopn_persist_r8m
  192x192x64_s4_c1x1_coopn_persist_r8m 192x192x64_s4_c1x2_coopn_persist_r8n
  192x192x64_s4_c1x2_coopn_persist_r8m_etmar 256x128x64_s4_c1x2_coopn_persist_r8m
  128x256x64_s4_c2x1_coopn_persist_r8m 256x192x64_s3_c1x2_coopn_persist_r8m
  192x256x64_s3_c1x2_coopn_persist_r8m 192x128x64_s5_c1x2_coopn_persist_r8m}"
bash scripts/runs/sustained_probe.sh
