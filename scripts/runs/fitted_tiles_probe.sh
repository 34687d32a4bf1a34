#!/usr/bin/env bash
# Tile widths fitted to the shape (cuBLASLt's picks on the off-grid losers: 256x96, 112x128,
# 256x80, 192x160, 64x104 in its frame; our swap-AB frame puts the small M on wgmma's N), against
# the default sweep, on the middle off-grid shapes where the sweep trails cuBLASLt 0.69-0.85x
# (h200_offgrid49a_s14_tn), two of them beside their K-aligned twins. Then, under ncu, L2 read
# requests and sectors of our 128x128 and cuBLAS's kernel on 4896x352x7480 against K = 7424: does
# cuBLAS's request count double on rows off the 128-byte lines, as ours does? Runs ON the device.
# Output: $OUT/fitted.{csv,log}, $OUT/ncu_align.txt.
source "$(dirname "$0")/spec_bench.sh"
AUTOGEMM_HANG_SECONDS=${AUTOGEMM_HANG_SECONDS:-30} spec_bench fitted \
  "146_12584_1576 146_12584_1536 6907_208_4312 131_14832_4592 299_8536_6984 10807_64_4936 \
   1099_224_12096 4896_352_7480 4896_352_7424" \
  sweep 192x80x64_s6_c1x1_wg3_persist_r8m_swap 192x80x64_s6_c1x2_wg3_persist_r8m_swap \
  256x80x64_s5_c1x2_coop_persist_r8m_swap 256x80x64_s5_c2x2_coop_persist_r8m_swap \
  128x152x64_s6_c1x1_coop_persist_r8m_swap 128x144x64_s6_c2x1_coop_persist_r8m_swap \
  128x112x64_s6_c1x2_coop_persist_r8m_etmar 128x112x64_s6_c1x2_pp_persist_r8m_etmar \
  128x112x64_s6_c2x2_coop_persist_r8m_etmar 256x72x64_s5_c1x2_coop_persist_r8m_swap \
  128x136x64_s6_c1x1_coop_persist_r8m_swap 192x160x64_s4_c1x2_wg3_persist_r8m_swap \
  192x160x64_s4_c4x2_wg3_persist_r8m_swap 256x104x64_s5_c1x1_coop_persist_r8m_swap \
  64x104x64_s8_c1x4_wg1_persist_r8m_swap 64x104x64_s8_c1x1_wg1_persist_r8m_swap \
  128x112x64_s6_c1x2_coop_tiles_r8m_skp7 128x176x64_s4_c1x2_pp_persist_r8m_etmar \
  192x96x64_s5_c1x4_wg3_persist_r8m_etmar
out="${OUT:-/tmp/fitted}"
m=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_requests_srcunit_tex_op_read.sum
m=$m,lts__t_sectors_srcunit_tex_op_read.sum,lrc__request_sectors_op_read_coalescable.sum
m=$m,lrc__lrc2xbar_sectors_op_read.sum,launch__grid_size,launch__cluster_dim_x,launch__cluster_dim_y
profile() {  # NAME SHAPE KERNEL_REGEX BENCH_ARGS...
  local name="$1" shape="$2" regex="$3"; shift 3
  echo "== $name $shape" >> "$out/ncu_align.txt"
  timeout 100 ncu --clock-control none --cache-control none --metrics "$m" -k "regex:$regex" \
    --launch-skip 2 --launch-count 1 build/tools/autogemm/autogemm bench --mnk "$shape" \
    --rounds 3 "$@" 2>&1 | grep -E "^\s+(gpu__|sm__|lrc__|lts__|launch__)|ERROR|==PROF== Disconnected|  [a-z_0-9]+\(" >> "$out/ncu_align.txt"
}
for k in 7480 7424; do
  profile ours_128x128_pp 4896_352_$k autogemm --methods autogemm \
    --spec sm90_f16f32_tn_128x128x64_s5_c1x1_pp_persist_r8m_etma
  profile cublas 4896_352_$k "nvjet|gemm|sm90" --methods cublas_tn
done
