#!/usr/bin/env bash
# Stream-K and cluster split-K under fp16 accumulation (notes 117): the GPU tests that now draw
# them (the random sweep, the split-K schedules in both accumulations, the scaled epilogue, the
# reduction pass, the dispatcher), compute-sanitizer on one stream-K and one cluster split-K
# spec, then gemm()'s picks for fp16 accumulation on oracle100 and offgrid49c, the previous build
# (.device/build_old.tgz, its binary alone) against this one, alternating twice, each
# interleaved with cuBLASLt-autotune (CUBLAS_COMPUTE_16F). ON the device.
# Output: $OUT/f16acc_splitk.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/f16acc_splitk}/fs"
mkdir -p "$out" old
tar xzf .device/build_old.tgz -C old
ln -sfn "$(pwd)/build/lib" old/build/lib
old="$(pwd)/old/build/tools/autogemm/autogemm"
# CTest's files name the build machine's paths (as device_job.sh does).
built_in=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' build/CMakeCache.txt)
[ -e "$built_in" ] || { mkdir -p "$(dirname "$built_in")" && ln -s "$(pwd)" "$built_in"; }
timeout 400 ctest --test-dir build --output-on-failure \
  -R 'KernelSweep.(RandomShapes|SplitKSchedules|ScaledEpilogue|SplitReductionPass)|DispatchGpu' \
  > "$out/ctest.log" 2>&1
echo "ctest: exit $? $(grep -E 'tests passed|tests failed' "$out/ctest.log")"
OUT="$out" bash scripts/runs/sanitizer.sh sm90_f16f16_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma_sk \
  sm90_f16f16_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck4_swap | tee "$out/sanitizer.txt"
list() { grep -hv '^#' "$@" | tr '\n' ' '; }
export BENCH_TIMEOUT=200 AUTOGEMM_HANG_SECONDS=30 AUTOGEMM_DATA_DIR="$(pwd)/data"
for rep in 1 2; do
  for v in old new; do
    bin=build/tools/autogemm/autogemm
    [ $v = old ] && bin="$old"
    for set in oracle100 offgrid49c; do
      OUT="$out" AUTOGEMM_BIN="$bin" ACC=fp16 SHAPES="$(list bench/shapes/$set.txt)" \
        spec_bench "f16acc_${set}_${v}_$rep" "" auto
    done
  done
done
tar czf "$out/../f16acc_splitk.tgz" -C "$out/.." fs && rm -rf "$out"
