#!/usr/bin/env bash
# Does tile placement change how many requests reach L2 (notes 55)? cuBLASLt's clustered 64x128
# sends the same TMA requests as ours but L2 sees a third fewer. Every raster order and group
# width of three small long-K specs on the long-K probe shapes, interleaved with cuBLASLt, then
# ncu's L2 request count of the 2x1 64x128 under each raster on 1024x1024x16384. ON the device.
# Output: $OUT/results.tgz (bench), $OUT/l2req.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/raster_out}"
p=sm90_f16f32_tn
specs=""
for r in r1m r2m r4m r8m r16m r1n r2n r4n r8n r16n; do
  specs+=" --spec ${p}_64x128x64_s8_c2x1_wg1_persist_${r}_etma"
  specs+=" --spec ${p}_64x128x64_s8_c1x1_wg1_persist_${r}_etma"
  specs+=" --spec ${p}_128x128x64_s6_c1x2_coop_persist_${r}_etma_sk2"
done
RUN_LIMIT_S=200 bash scripts/device_job.sh --no-tests h200_raster_probe_tn \
  "--shapes bench/shapes/probe_long_k.txt --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm $specs"
source scripts/runs/cublas_libs.sh  # cuBLAS on the loader path
m=gpu__time_duration.sum,lts__t_requests_srcunit_tex_op_read.sum,lts__t_requests_srcunit_ltcfabric.sum
for r in r1m r2m r4m r8m r16m r1n r2n r4n r8n r16n; do
  spec=${p}_64x128x64_s8_c2x1_wg1_persist_${r}_etma
  echo "== $spec" >> "$out/l2req.txt"
  timeout 60 ncu --clock-control none --cache-control none --metrics $m -k regex:autogemm \
    --launch-skip 2 --launch-count 1 build/tools/autogemm/autogemm bench --mnk 1024_1024_16384 \
    --rounds 3 --methods autogemm --spec "$spec" 2>&1 | grep -E "^\s+(gpu__|lts__)" >> "$out/l2req.txt"
done
