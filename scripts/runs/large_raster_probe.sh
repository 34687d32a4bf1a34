#!/usr/bin/env bash
# Issue 3's shapes under every raster order and group width (notes 116): under ncu our best
# large specs read 1.3-1.85x cuBLASLt's DRAM bytes and 1.3-1.7x its L2 sectors, and at the power
# cap bytes moved are energy. Part 1: the bench, interleaved with cuBLASLt-autotune, on the three
# issue-3 shapes. Part 2: ncu's DRAM and L2 counts of the same specs, one launch each.
# ON the device. Output: $OUT/large_raster.tgz (the bench's CSV and log, ncu's text).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/large_raster}"
mkdir -p "$out/lr"
rasters="r2m r4m r8m r16m r2n r4n r8n r16n"
specs=()
for r in $rasters; do
  specs+=(128x160x64_s5_c2x1_pp_persist_${r}_etmar 128x192x64_s4_c2x1_pp_persist_${r}_etmar)
  specs+=(128x256x64_s4_c2x1_coop_persist_${r}_etma 256x128x64_s4_c1x2_coop_persist_${r}_etmar)
done
OUT="$out/lr" BENCH_TIMEOUT=400 spec_bench large_raster_tn \
  "16384_16384_4096 8192_8192_8192 4096_4096_4096" "${specs[@]}"
m=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests.sum
prof() {  # SHAPE SPEC
  echo "== $1 $2" >> "$out/lr/ncu.txt"
  timeout 60 ncu --clock-control none --metrics $m -k regex:autogemm --launch-skip 2 --launch-count 1 \
    build/tools/autogemm/autogemm bench --mnk "$1" --rounds 1 --methods autogemm \
    --spec "sm90_f16f32_tn_$2" 2>&1 | grep -E "^\s+(gpu__|lts__|dram__)" >> "$out/lr/ncu.txt"
}
for r in $rasters; do
  prof 16384_16384_4096 128x160x64_s5_c2x1_pp_persist_${r}_etmar
  prof 16384_16384_4096 256x128x64_s4_c1x2_coop_persist_${r}_etmar
  prof 8192_8192_8192 128x192x64_s4_c2x1_pp_persist_${r}_etmar
  prof 8192_8192_8192 128x256x64_s4_c2x1_coop_persist_${r}_etma
done
tar czf "$out/large_raster.tgz" -C "$out" lr && rm -rf "$out/lr"
