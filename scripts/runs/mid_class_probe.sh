#!/usr/bin/env bash
# Where the time goes on middle-class shapes (small output, long K): `autogemm trace` of our
# best specs, and the launch configuration and duration of every kernel cuBLASLt-autotune runs
# (ncu; its chosen algorithm's kernel is the one repeated in the timed rounds at the end).
# Runs ON the device. Output under $OUT.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
bin=build/tools/autogemm/autogemm
trace() {  # SHAPE SPEC...
  local shape=$1; shift
  for spec in "$@"; do
    timeout 120 "$bin" trace --spec "sm90_f16f32_tn_$spec" --mnk "$shape" >> "$out/trace_$shape.txt" 2>&1
    echo "exit $? for $spec" >> "$out/trace_$shape.txt"
  done
}
trace 256_2048_2048 64x128x64_s6_c2x1_wg1_persist_r8m_etma_sk8 64x128x64_s6_c1x1_wg1_persist_r8m_etma \
  128x128x64_s4_c1x1_coop_persist_r8m_etma
trace 128_128_16384 64x32x64_s8_c1x1_wg1_persist_r8m_sk12_swap 64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk12
trace 512_512_16384 64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk4
export CUDA_MODULE_LOADING=EAGER
m=gpu__time_duration.sum,launch__grid_size,launch__block_size,launch__registers_per_thread
m=$m,launch__shared_mem_per_block_dynamic,launch__cluster_dim_x,launch__cluster_dim_y
for shape in 256_2048_2048 128_128_16384 512_512_16384; do
  timeout 150 ncu --clock-control none --metrics "$m" --csv \
    "$bin" bench --mnk "$shape" --methods cublaslt_autotune_tn --rounds 2 > "$out/ncu_$shape.csv" 2>&1
  echo "ncu $shape: exit $?"
done
