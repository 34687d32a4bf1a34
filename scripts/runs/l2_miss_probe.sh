#!/usr/bin/env bash
# Where our large kernels' extra DRAM reads come from (notes 184), ON the device: cuBLASLt's
# heuristic pick and our specs on SHAPE (default 16384_16384_4096) under ncu, one launch each:
# DRAM bytes, L2 sectors read by the SMs, L2 lookups that hit or miss, sectors crossing between
# the two L2 partitions (ltcfabric) and the coalescer's merges. Output: $OUT/l2_miss.txt.
source "$(dirname "$0")/spec_bench.sh"  # strict mode, the repository root, cuBLAS on the path
out="${OUT:-/tmp/l2_miss_out}"
mkdir -p "$out"
bin=build/tools/autogemm/autogemm
shape="${SHAPE:-16384_16384_4096}"
m1=gpu__time_duration.sum,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y
m1=$m1,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum
m1=$m1,lrc__lrc2xbar_sectors_op_read.sum,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
m2=lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
m2=$m2,lts__t_sectors_srcunit_ltcfabric.sum,lts__t_sectors_srcunit_ltcfabric_op_read_lookup_miss.sum
profile() {  # NAME REGEX SKIP COUNT BENCH_ARGS...
  local name="$1" regex="$2" skip="$3" count="$4" m
  shift 4
  for m in "$m1" "$m2"; do
    echo "== $name $shape" >> "$out/l2_miss.txt"
    timeout 120 ncu --clock-control none --cache-control none --metrics "$m" -k "regex:$regex" \
      --launch-skip "$skip" --launch-count "$count" "$bin" bench --mnk "$shape" --rounds 2 "$@" 2>&1 |
      grep -E "^  [a-zA-Z_]|^\s+(gpu__|lts__|lrc__|dram__|launch__)|ERROR|rror" >> "$out/l2_miss.txt"
  done
}
profile cublaslt_heuristic nvjet 2 1 --methods cublaslt_heuristic_tn
for spec in ${SPECS:-sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma}; do
  profile "$spec" autogemm 2 1 --methods autogemm --spec "$spec"
done
cat "$out/l2_miss.txt"
