#!/usr/bin/env bash
# Swap-AB in layout nn (notes 113), in one call:
#   1. GPU tests: the kernel sweep (random shapes now draw nn swap-AB specs too), the dispatcher's;
#   2. compute-sanitizer memcheck and racecheck on three nn swap-AB specs;
#   3. gemm()'s pick (--spec auto) in layout nn on oracle100, offgrid49c and the decode shapes,
#      the previous build (.device/build_old.tgz: borrowing without nn swap-AB) against this one;
#   4. the launch-bound shapes with the heuristic's and the table's small specs in tn and nn.
# Runs ON the device. Output: $OUT/nn_swap.tgz (everything; the device tool returns 8 files).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/nn_swap}"
mkdir -p "$out" old
tar xzf .device/build_old.tgz -C old  # the old binary alone; its libraries are this build's
ln -sfn "$(pwd)/build/lib" old/build/lib
export BENCH_TIMEOUT=200 AUTOGEMM_HANG_SECONDS=30 AUTOGEMM_DATA_DIR="$(pwd)/data"
timeout 420 ctest --test-dir build -R "KernelSweep|DispatchGpu" --output-on-failure \
  > "$out/ctest_sweep_dispatch.log" 2>&1
echo "ctest: exit $? $(grep -E 'tests passed|tests failed' "$out/ctest_sweep_dispatch.log")"
OUT="$out" SHAPES="--mnk 200_136_72 --mnk 129_520_2000 --mnk 3_264_1032 --layout nn" \
  bash scripts/runs/sanitizer.sh sm90_f16f32_nn_128x96x64_s6_c1x2_coop_persist_r8m_swap \
  sm90_bf16f32_nn_64x16x64_s8_c1x1_wg1_persist_r8m_sk4_swap \
  sm90_f16f32_nn_64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap > "$out/sanitizer.txt" 2>&1
cat "$out/sanitizer.txt"
list() { grep -hv '^#' "$@" | tr '\n' ' '; }
for v in old new; do
  bin=build/tools/autogemm/autogemm
  [ $v = old ] && bin="$(pwd)/old/build/tools/autogemm/autogemm"
  for set in oracle100 offgrid49c decode; do
    AUTOGEMM_BIN="$bin" LAYOUT=nn SHAPES="$(list bench/shapes/$set.txt)" \
      spec_bench "nn_${set}_$v" "" auto
  done
done
for layout in tn nn; do
  LAYOUT=$layout SHAPES="64_64_64 2048_64_64 256_256_256" spec_bench "tiny_$layout" "" \
    64x128x64_s6_c1x1_wg1_persist_r8m_etmat 64x128x64_s4_c1x1_wg1_tiles_r8m_etmat \
    64x128x64_s4_c1x1_wg1_persist_r8m_etmat 64x128x64_s6_c1x1_wg1_tiles_r8m_etmat \
    64x64x64_s3_c1x1_wg1_tiles_r1m_etma
done
(cd "$out" && tar czf nn_swap.tgz --exclude nn_swap.tgz . && find . -type f ! -name nn_swap.tgz -delete)
