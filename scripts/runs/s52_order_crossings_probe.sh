#!/usr/bin/env bash
# ON the device (session 52; CLI-only pack): does our split grids' tile order set their L2
# partition crossings, and do the crossings set their time? s52_l2_reads_probe.sh found our 64x128
# 2x1 four-piece split on 256x1024x16384 crossing between the two L2 partitions twice as often as
# cuBLASLt's kernel of the same structure (1.57 M sectors against 0.80 M; 20.7-21.9 us against
# 18.6-19.0 under ncu), and the same tile without a cluster fast under ncu (17.3-18.8 us, 3.7 M
# sectors merged by the LRC) but slow in the bench (23.7 us in s51's tune against 21.3).
#  1. ncu (one launch after warm-up, clocks and caches left alone; time, SM clock, crossings,
#     L2 reads, LRC merges) of 64x128 c2x1 and c1x1 in eight tile orders each: rasters r1m, r8m,
#     r1n, r8n, pieces side by side (skp4) or piece-major (skp4p).
#  2. The bench (kernel mode, interleaved with cuBLASLt-autotune, two processes) of the same
#     sixteen plus the table's pick and nopdl twins of the c1x1 ones, on 256x1024x16384.
# Output: $OUT/order_s52/ tarred as $OUT/order_s52.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out order_s52)"
bin=build/tools/autogemm/autogemm
shape=256_1024_16384
mm=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_sectors_srcunit_ltcfabric.sum
mm=$mm,lts__t_sectors_srcunit_tex_op_read.sum
mm=$mm,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
specs=()
for c in c2x1 c1x1; do
  for r in r1m r8m r1n r8n; do
    for k in skp4 skp4p; do specs+=("64x128x64_s8_${c}_wg1_tiles_${r}_${k}"); done
  done
done
pre=()
for s in "${specs[@]}"; do pre+=(--spec "sm90_f16f32_tn_$s" --spec "sm90_f16f32_tn_${s}_nopdl"); done
timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
for s in "${specs[@]}"; do
  echo "== $s $shape" >> "$top/ncu.txt"
  ncu_launches "$mm" autogemm_sm90_gemm 6 1 60 --mnk "$shape" --methods autogemm \
    --spec "sm90_f16f32_tn_$s" >> "$top/ncu.txt"
done
bench=("${specs[@]}")
for s in "${specs[@]}"; do [[ $s == *c1x1* ]] && bench+=("${s}_nopdl"); done
for i in 1 2; do
  OUT="$top" BENCH_TIMEOUT=200 spec_bench "bench_$i" "$shape" "${bench[@]}" \
    table:tab=data/nvidia_h200.json
done
tar czf "$OUT/order_s52.tgz" -C "$(dirname "$top")" "$(basename "$top")"
