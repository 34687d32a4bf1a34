#!/usr/bin/env bash
# Hardware counters of cuBLASLt-autotune's kernel and ours on one shape, side by side: shared-
# memory wavefronts, L2 and DRAM bytes, instructions, cycles. Runs ON the device.
# Usage: ncu_compare.sh SHAPE CUBLAS_KERNEL_REGEX SPEC...
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
bin=build/tools/autogemm/autogemm
shape="$1" regex="$2"; shift 2
export CUDA_MODULE_LOADING=EAGER
m=gpu__time_duration.sum,sm__cycles_elapsed.max,smsp__cycles_active.avg,gpc__cycles_elapsed.avg.per_second
m=$m,launch__block_size,launch__registers_per_thread,launch__shared_mem_per_block_dynamic,launch__cluster_dim_x,launch__cluster_dim_y
m=$m,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_bytes.sum,lts__t_sectors_srcunit_tex_op_read.sum
m=$m,sm__inst_executed.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum,smsp__inst_executed_op_shared_st.sum
m=$m,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed
m=$m,smsp__warp_issue_stalled_barrier_per_warp_active.pct,smsp__warp_issue_stalled_long_scoreboard_per_warp_active.pct
m=$m,lts__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__throughput.avg.pct_of_peak_sustained_elapsed,sm__throughput.avg.pct_of_peak_sustained_elapsed
timeout 150 ncu --clock-control none --metrics "$m" -k "regex:$regex" --launch-skip 2 --launch-count 1 \
  "$bin" bench --mnk "$shape" --methods cublaslt_autotune_tn --rounds 3 > "$out/ncmp_cublaslt.txt" 2>&1
echo "cublaslt: exit $?"
for spec in "$@"; do
  timeout 150 ncu --clock-control none --metrics "$m" -k regex:autogemm --launch-skip 2 --launch-count 1 \
    "$bin" bench --mnk "$shape" --methods autogemm --spec "$spec" --rounds 3 > "$out/ncmp_$spec.txt" 2>&1
  echo "$spec: exit $?"
done
