#!/usr/bin/env bash
# fp16 accumulation with split-K and the reduction pass (notes 114), in one call:
#   1. GPU tests: the reduction pass's (now with fp16 accumulation), the random sweep, dispatch;
#   2. gemm()'s pick (--spec auto) with fp16 accumulation on oracle100, the previous build
#      (.device/build_old.tgz) against this one;
#   3. the default sweep with fp16 accumulation on oracle100 (issue 4's fp16-accumulate oracle).
# Runs ON the device. Output: $OUT/f16acc.tgz (everything but the sweep's csv), the sweep's csv.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/f16acc}"
w="$out/w"
mkdir -p "$w" old
tar xzf .device/build_old.tgz -C old  # the old binary alone; its libraries are this build's
ln -sfn "$(pwd)/build/lib" old/build/lib
export BENCH_TIMEOUT=400 AUTOGEMM_HANG_SECONDS=30 AUTOGEMM_DATA_DIR="$(pwd)/data"
timeout 300 ctest --test-dir build -R "SplitReductionPass|RandomShapes|DispatchGpu" \
  --output-on-failure > "$w/ctest_f16acc_split.log" 2>&1
echo "ctest: exit $? $(grep -E 'tests passed|tests failed' "$w/ctest_f16acc_split.log")"
shapes="$(grep -v '^#' bench/shapes/oracle100.txt | tr '\n' ' ')"
for v in old new; do
  bin=build/tools/autogemm/autogemm
  [ $v = old ] && bin="$(pwd)/old/build/tools/autogemm/autogemm"
  OUT="$w" AUTOGEMM_BIN="$bin" ACC=fp16 SHAPES="$shapes" spec_bench "f16acc_oracle100_$v" "" auto
done
OUT="$w" ACC=fp16 SHAPES="$shapes" spec_bench f16acc_oracle100_sweep "" sweep
gzip -c "$w/f16acc_oracle100_sweep.csv" > "$out/f16acc_oracle100_sweep.csv.gz"
rm -f "$w/f16acc_oracle100_sweep.csv"
(cd "$w" && tar czf "$out/f16acc.tgz" .)
rm -rf "$w"
