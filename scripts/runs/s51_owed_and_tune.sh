#!/usr/bin/env bash
# Session 51, first call ON the device: the GPU tests owed since 81cc6a5 / 4a37432 and the shared
# split-sum loop (99a7741), then a deep tune (BUDGET 150) of the six oracle100 middle shapes that
# read below cuBLASLt-autotune in some run of h200_acceptance_s50, confirmed twice.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
source scripts/runs/cublas_libs.sh
out="${OUT:?}"
timeout 200 ctest --test-dir build -L gpu -R "TimedChoiceGpu|DispatchGpu|KernelSweep.Split" \
  --output-on-failure > "$out/ctest_gpu_split_dispatch.log" 2>&1
echo "ctest exit $?" | tee "$out/SUMMARY"
tail -5 "$out/ctest_gpu_split_dispatch.log" | tee -a "$out/SUMMARY"
GPU_MATCH=H200 SHAPES=bench/shapes/below1_middle6_s51.txt BUDGET=150 CHECK=1 TUNE_SECONDS=250 \
  CONFIRM_SECONDS=60 bash scripts/runs/tune_shards.sh
