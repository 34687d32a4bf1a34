#!/usr/bin/env bash
# Rows off the 128-byte lines (notes 104, 111): why our TMA loads make 3.5x the L2 requests.
# 1. ncu (L2 requests and sectors, TMA requests, time) of the unclustered 128x128 ping-pong on
#    4896x352xK for K = 7424 (rows on the lines) and K = 7480, 7472, 7456, 7440, 7432 (row
#    pitch 112, 96, 64, 32 and 16 bytes past a line), the bk32 (64-byte swizzle) twin on 7480
#    and 7424, and K = 7480 under each L2 promotion (AUTOGEMM_L2_PROMOTION).
# 2. gemm()'s picks (--spec auto) on offgrid49c/49d and key3 under L2 promotion 256, 128, none,
#    then 256 again (drift), each arm interleaved with cuBLASLt-autotune.
# NO_NCU=1 skips part 1; ARMS="..." sets part 2's arms. 3. With NN=1, gemm()'s picks for layout nn
# on oracle100 and offgrid49c (the nn path has no table or cost model: notes 111).
# Runs ON the device. Output: $OUT/ncu_rows.txt, $OUT/tma_metrics.txt, $OUT/l2p_*.{csv,log}.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/unaligned_rows}"
mkdir -p "$out"
p=sm90_f16f32_tn
m=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_requests_srcunit_tex_op_read.sum
m=$m,lts__t_sectors_srcunit_tex_op_read.sum,lrc__request_sectors_op_read_coalescable.sum
m=$m,l1tex__m_l1tex2xbar_read_requests_mem_global_op_tma_ld_dest_self.sum
m=$m,l1tex__m_xbar2l1tex_read_sectors_mem_global_op_tma_ld_dest_self.sum,dram__bytes_read.sum
timeout 60 ncu --query-metrics 2>/dev/null | grep -i "tma\|lrc__" > "$out/tma_metrics.txt"
profile() {  # NAME SHAPE BENCH_ARGS...
  local name="$1" shape="$2"; shift 2
  echo "== $name $shape ${AUTOGEMM_L2_PROMOTION:-256}" >> "$out/ncu_rows.txt"
  timeout 100 ncu --clock-control none --cache-control none --metrics "$m" -k "regex:autogemm" \
    --launch-skip 2 --launch-count 1 build/tools/autogemm/autogemm bench --mnk "$shape" \
    --rounds 3 --methods autogemm "$@" 2>&1 |
    grep -E "^\s+(gpu__|sm__|lrc__|lts__|l1tex__|dram__)|ERROR|rror" >> "$out/ncu_rows.txt"
}
if [ -z "${NO_NCU:-}" ]; then
  for k in 7424 7480 7472 7456 7440 7432; do
    profile pp_bk64 4896_352_$k --spec ${p}_128x128x64_s5_c1x1_pp_persist_r8m_etma
  done
  for k in 7480 7424; do
    profile pp_bk32 4896_352_$k --spec ${p}_128x128x32_s8_c1x1_pp_persist_r8m_etma
  done
  for l2p in none 64 128; do
    AUTOGEMM_L2_PROMOTION=$l2p profile pp_bk64 4896_352_7480 \
      --spec ${p}_128x128x64_s5_c1x1_pp_persist_r8m_etma
  done
fi
echo "ncu done"
shapes="$(cat bench/shapes/offgrid49c.txt bench/shapes/offgrid49d.txt bench/shapes/key3.txt |
  grep -v '^#' | tr '\n' ' ') 8192_8192_8200 8192_8192_8208 8192_8192_8224"
for arm in ${ARMS:-256 128 none 256b}; do
  AUTOGEMM_L2_PROMOTION=${arm%b} SHAPES="$shapes" BENCH_TIMEOUT=150 AUTOGEMM_HANG_SECONDS=30 \
    spec_bench "l2p_$arm" "" auto
done
if [ -n "${NN:-}" ]; then
  for set in oracle100 offgrid49c; do
    LAYOUT=nn SHAPES="$(grep -v '^#' bench/shapes/$set.txt | tr '\n' ' ')" BENCH_TIMEOUT=200 \
      AUTOGEMM_HANG_SECONDS=30 spec_bench "nn_$set" "" auto
  done
fi
