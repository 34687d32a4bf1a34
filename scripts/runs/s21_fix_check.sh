#!/usr/bin/env bash
# Session 21 (notes 143-144), ON one H200: after the mainloop's last-k-block wait (gemm.cuh) and
# cuBLASLt-autotune's final rounds (cublaslt_autotune_method.cpp): the specs that computed a wrong
# C (pp_swap_fix_probe.sh on its two failing shapes), the GPU tests of the kernel, the JIT and the
# bench, then s21_h200_check.sh's short runs (REPS=3, without the re-tuned check).
# Output: $OUT/pp_swap_fix.tgz, $OUT/ctest_gpu.log, $OUT/s21_check.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.."
SANITIZE=0 SHAPES="1_13824_5120 1_13824_1024" bash scripts/runs/pp_swap_fix_probe.sh
source scripts/runs/cublas_libs.sh
ctest --test-dir build -R "KernelSweep|JitGpu|BenchGpu" --output-on-failure --timeout 400 \
  > "${OUT:-/tmp}/ctest_gpu.log" 2>&1
echo "ctest exit $?"; grep -E "Test +#|tests passed" "${OUT:-/tmp}/ctest_gpu.log" | tail -25
REPS=3 RETUNED=0 bash scripts/runs/s21_h200_check.sh 2>&1 | grep -v "^bench exit 0$"
