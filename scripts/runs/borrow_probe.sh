#!/usr/bin/env bash
# Problems of other types than fp16/fp32/tn borrowing the twin's table entry and cost-model
# ranking (notes 112), and the L2 promotion rule for rows off the 128-byte lines (notes 111), in
# one call. The previous build (.device/build_old.tgz, unpacked under old/) and this one, each
# through gemm()'s pick (--spec auto), interleaved with cuBLASLt-autotune nn and tn:
#   - layout nn on oracle100 and offgrid49c, fp16 accumulation (tn) on oracle100;
#   - this build's rule against 256-byte promotion forced (AUTOGEMM_L2_PROMOTION=256) on
#     offgrid49a + 49b, alternating twice;
#   - then the dispatcher's GPU tests.
# Runs ON the device. Output: $OUT/*.{csv,log}, $OUT/ctest_dispatch.log.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/borrow}"
mkdir -p "$out" old
tar xzf .device/build_old.tgz -C old  # the old binary alone; its libraries are this build's
ln -sfn "$(pwd)/build/lib" old/build/lib
old="$(pwd)/old/build/tools/autogemm/autogemm"
list() { grep -hv '^#' "$@" | tr '\n' ' '; }
export BENCH_TIMEOUT=200 AUTOGEMM_HANG_SECONDS=30 AUTOGEMM_DATA_DIR="$(pwd)/data"
for v in old new; do
  bin=build/tools/autogemm/autogemm
  [ $v = old ] && bin="$old"
  AUTOGEMM_BIN="$bin" LAYOUT=nn SHAPES="$(list bench/shapes/oracle100.txt)" \
    spec_bench "nn_oracle100_$v" "" auto
  AUTOGEMM_BIN="$bin" LAYOUT=nn SHAPES="$(list bench/shapes/offgrid49c.txt)" \
    spec_bench "nn_offgrid49c_$v" "" auto
  AUTOGEMM_BIN="$bin" ACC=fp16 SHAPES="$(list bench/shapes/oracle100.txt)" \
    spec_bench "f16acc_oracle100_$v" "" auto
done
shapes="$(list bench/shapes/offgrid49a.txt bench/shapes/offgrid49b.txt)"
for arm in rule_1 forced256_1 rule_2 forced256_2; do
  case $arm in forced*) l2p=256 ;; *) l2p="" ;; esac
  AUTOGEMM_L2_PROMOTION=$l2p SHAPES="$shapes" spec_bench "l2p_$arm" "" auto
done
timeout 300 ctest --test-dir build -R DispatchGpu --output-on-failure > "$out/ctest_dispatch.log" 2>&1
echo "ctest DispatchGpu: exit $? $(grep -E 'tests passed|tests failed' "$out/ctest_dispatch.log")"
