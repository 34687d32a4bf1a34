#!/usr/bin/env bash
# Issue 3's energy question (notes 92): at the power cap time follows energy per flop, so count
# what costs energy besides the MMAs -- instructions issued, shared-memory and L2 traffic, DRAM
# bytes -- for cuBLASLt-autotune's kernel and ours on the large shapes. Runs ON the device.
# Every nvjet launch of a cuBLASLt-autotune run is profiled (its candidates, then its pick, which
# is the kernel launched last); ours is one launch of each spec.
# Usage: energy_counters.sh SHAPE SPEC...   Output: $OUT/energy_SHAPE_*.csv (ncu --csv rows).
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/energy_out}"
mkdir -p "$out"
source scripts/runs/cublas_libs.sh
bin=build/tools/autogemm/autogemm
shape="$1"
shift
m=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,sm__cycles_elapsed.max
m=$m,launch__grid_size,launch__block_size,launch__cluster_dim_x,launch__cluster_dim_y
m=$m,sm__inst_executed.sum,smsp__inst_executed_op_shared_ld.sum,smsp__inst_executed_op_shared_st.sum
m=$m,sm__inst_executed_pipe_uniform.sum,sm__inst_executed_pipe_alu.sum,sm__inst_executed_pipe_fma.sum
m=$m,l1tex__data_bank_reads.sum,l1tex__data_bank_writes.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared.sum
m=$m,lts__t_requests.sum,lts__t_sectors.sum,lts__t_sectors_srcunit_tex_op_read.sum
m=$m,dram__bytes_read.sum,dram__bytes_write.sum
m=$m,sm__pipe_tensor_op_gmma_cycles_active.avg.pct_of_peak_sustained_active
m=$m,smsp__warps_active.avg.per_cycle_active
profile() {  # NAME REGEX SKIP COUNT BENCH_ARGS...
  local name="$1" regex="$2" skip="$3" count="$4"
  shift 4
  timeout 240 ncu --clock-control none --csv --metrics "$m" -k "regex:$regex" \
    --launch-skip "$skip" --launch-count "$count" "$bin" bench --mnk "$shape" --rounds 1 "$@" \
    > "$out/energy_${shape}_$name.csv" 2> "$out/energy_${shape}_$name.err"
  echo "$name on $shape: exit $?"
}
profile cublaslt nvjet 0 400 --methods cublaslt_autotune_tn
for spec in "$@"; do profile "$spec" autogemm 2 1 --methods autogemm --spec "$spec"; done
