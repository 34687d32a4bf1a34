#!/usr/bin/env bash
# What gemm() gets on shapes outside the shipped tuning table: the shipped cost model's pick (the
# dispatcher's path there) and the default sweep's best, interleaved with cuBLASLt-autotune nn and
# tn, kernel mode, tn, on bench/shapes/offgrid49a.txt (49 random shapes outside the grid; SHAPES_FILE
# overrides, COSTMODELS adds NAME=FILE cost models). Then swap-AB 4x1 clusters with a reduction
# pass on shapes with few M tiles (notes' Next list), against the sweep. Runs ON the device.
# Output: $OUT/offgrid.{csv,log}, $OUT/swap_c4.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/offgrid}"
mkdir -p "$out"
cm=(--spec costmodel:shipped_costmodel=data/nvidia_h200.costmodel.json.gz)
for c in ${COSTMODELS:-}; do cm+=(--spec "costmodel:$c"); done
timeout "${BENCH_TIMEOUT:-400}" build/tools/autogemm/autogemm bench \
  --shapes "${SHAPES_FILE:-bench/shapes/offgrid49a.txt}" --mode kernel --layout tn \
  --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec sweep "${cm[@]}" \
  --out "$out/offgrid.csv" > "$out/offgrid.log" 2>&1
echo "offgrid bench exit $?"
[ -n "${SKIP_SWAP:-}" ] && exit 0
SHAPES="128_2048_8192 128_1024_16384 128_512_16384 64_1024_16384 64_2048_8192 128_4096_8192 \
  256_2048_8192 192_1536_12288" spec_bench swap_c4 "" sweep \
  64x128x64_s8_c4x1_wg1_tiles_r8m_skp2_swap 64x128x64_s8_c4x1_wg1_tiles_r8m_skp3_swap \
  64x128x64_s9_c4x1_wg1_tiles_r8m_skp3_swap 64x128x64_s8_c4x1_wg1_tiles_r8m_skp4_swap \
  64x64x64_s8_c4x1_wg1_tiles_r8m_skp4_swap 64x64x64_s8_c4x1_wg1_tiles_r8m_skp8_swap \
  64x128x64_s8_c2x1_wg1_tiles_r8m_skp4_swap 128x128x64_s6_c2x1_coop_tiles_r8m_skp4_swap
