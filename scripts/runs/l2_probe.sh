#!/usr/bin/env bash
# The L2 side of the clustered 64x128 gap (notes 54-55, Next): ncu's memory tables (L1, L2, the
# L2 fabric between the two partitions, DRAM) for our 64x128 kernel in a 1x1 and a 2x1 cluster
# and for cuBLASLt-autotune's clustered 64x128, on one shape, warm replays. With TMA=1, instead
# the TMA and distributed-shared-memory counters (requests by size, multicast, DSMEM bytes).
# SPECS="NAME...": those specs and cuBLAS's default kernel instead of the 64x128 set.
# Runs ON the device. Usage: l2_probe.sh [SHAPE] (default 1024_1024_16384). Output: $OUT/l2_*.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/l2_out}"
shape="${1:-1024_1024_16384}"
bin=build/tools/autogemm/autogemm
p=sm90_f16f32_tn
source scripts/runs/cublas_libs.sh  # cuBLAS on the loader path
mkdir -p "$out"
what="--section MemoryWorkloadAnalysis --section MemoryWorkloadAnalysis_Tables --section SpeedOfLight"
if [ -n "${TMA:-}" ]; then
  m=gpu__time_duration.sum,l1tex__m_l1tex2xbar_read_requests_mem_global_op_tma_ld_dest_multicast.sum
  for z in 32 64 96 128; do
    m=$m,l1tex__m_l1tex2xbar_read_requests_mem_global_op_tma_ld_dest_multicast_size_$z.sum
  done
  m=$m,l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld_dest_self.sum
  m=$m,l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld_dest_multicast.sum
  m=$m,l1tex__m_xbar2l1tex_read_bytes_mem_dshared.sum,l1tex__m_l1tex2xbar_write_bytes_mem_dshared.sum
  m=$m,l1tex__m_l1tex2xbar_write_bytes_pipe_tma.sum,lts__t_requests_srcunit_tex_op_read.sum
  m=$m,sm__inst_executed_pipe_tma.sum,lts__t_sectors_srcunit_tex_op_read.sum
  what="--metrics $m"
fi
profile() {  # NAME KERNEL_REGEX SKIP BENCH_ARGS...
  local name="$1" regex="$2" skip="$3"; shift 3
  # shellcheck disable=SC2086
  timeout 150 ncu --clock-control none --cache-control none $what -k "regex:$regex" \
    --launch-skip "$skip" --launch-count 1 --print-details all \
    "$bin" bench --mnk "$shape" --rounds 3 "$@" > "$out/l2_$name.txt" 2>&1
  echo "ncu $name: exit $?"
}
if [ -n "${SPECS:-}" ]; then  # other specs, and cuBLAS's default kernel (3rd launch) beside them
  for spec in $SPECS; do profile "${spec#${p}_}" autogemm 2 --methods autogemm --spec "$spec"; done
  profile cublas nvjet 2 --methods cublas_tn
  exit 0
fi
profile c1x1 autogemm 2 --methods autogemm --spec ${p}_64x128x64_s8_c1x1_wg1_persist_r8m_etma
profile c2x1 autogemm 2 --methods autogemm --spec ${p}_64x128x64_s8_c2x1_wg1_persist_r8n_etma
profile cublaslt 'nvjet_sm90_hsh_(64x128_64x8_2x1|128x64_64x8_1x2)' 0 --methods cublaslt_autotune_tn
