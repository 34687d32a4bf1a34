#!/usr/bin/env bash
# Where the small long-K tiles spend their time, instruction by instruction (notes 46, Next):
# ncu's launch, warp-state, workload and per-SASS-instruction stall samples of our 64x128 kernel
# in a 1x1 and a 2x1 cluster and of cuBLASLt-autotune's clustered 64x128 (nvjet) on one shape;
# with the shared-memory, TMA and tensor-pipe counters of each.
# Runs ON the device. Usage: sass_stall_probe.sh [SHAPE] (default 1024_1024_16384).
# Warm replays (--cache-control none), as in the bench's kernel mode.
# Output: $OUT/sass.tgz (details_*.txt, sass_*.csv, run_*.log, metrics.txt).
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/sass_out}"
shape="${1:-1024_1024_16384}"
bin=build/tools/autogemm/autogemm
p=sm90_f16f32_tn
source scripts/runs/cublas_libs.sh  # cuBLAS on the loader path
dir="$out/sass"
mkdir -p "$dir"
sections="--section LaunchStats --section WarpStateStats --section SourceCounters"
sections="$sections --section ComputeWorkloadAnalysis --section MemoryWorkloadAnalysis"
# Shared-memory traffic of the MMAs and of TMA (own and multicast), tensor-pipe use, L2.
m=gpu__time_duration.sum,sm__cycles_elapsed.max,gpc__cycles_elapsed.avg.per_second
m=$m,sm__pipe_tensor_cycles_active.avg.pct_of_peak_sustained_elapsed
m=$m,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_gmma.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_gmma.sum
m=$m,l1tex__data_bank_reads.avg.pct_of_peak_sustained_elapsed,l1tex__data_bank_writes.avg.pct_of_peak_sustained_elapsed
m=$m,l1tex__m_xbar2l1tex_read_bytes_pipe_tma.sum,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_multicast.sum
m=$m,l1tex__m_xbar2l1tex_read_bytes_mem_global_op_tma_ld_dest_self.sum,lts__t_bytes.sum
m=$m,lts__throughput.avg.pct_of_peak_sustained_elapsed,sm__inst_executed_pipe_tensor_op_gmma.sum
sections="$sections --metrics $m"
profile() {  # NAME KERNEL_REGEX BENCH_ARGS...
  local name="$1" regex="$2"; shift 2
  timeout 200 ncu --clock-control none --cache-control none $sections -k "regex:$regex" \
    --launch-skip "${SKIP:-2}" \
    --launch-count 1 -f -o "$dir/rep_$name" "$bin" bench --mnk "$shape" --rounds 3 "$@" \
    > "$dir/run_$name.log" 2>&1
  echo "ncu $name: exit $?"
  ncu -i "$dir/rep_$name.ncu-rep" --page details > "$dir/details_$name.txt" 2>&1
  ncu -i "$dir/rep_$name.ncu-rep" --page source --csv --print-source sass \
    > "$dir/sass_$name.csv" 2>&1
  rm -f "$dir/rep_$name.ncu-rep"
}
profile c1x1 autogemm --methods autogemm --spec ${p}_64x128x64_s8_c1x1_wg1_persist_r8m_etma
profile c2x1 autogemm --methods autogemm --spec ${p}_64x128x64_s8_c2x1_wg1_persist_r8n_etma
profile coop_c1x2_sk2 autogemm --methods autogemm --spec ${p}_128x128x64_s6_c1x2_coop_persist_r8m_etma_sk2
# cuBLASLt-autotune's pick here in kernel mode, as named with or without its operands swapped;
# autotune launches every candidate, so the first launch will do.
SKIP=0 profile cublaslt 'nvjet_sm90_hsh_(64x128_64x8_2x1|128x64_64x8_1x2)' --methods cublaslt_autotune_tn
tar czf "$out/sass.tgz" -C "$out" sass && rm -rf "$dir"
