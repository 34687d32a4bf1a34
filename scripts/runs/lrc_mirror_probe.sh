#!/usr/bin/env bash
# The same decomposition in cuBLASLt's kernel and ours under ncu (notes 174), ON the device:
# 512x512x16384, cuBLASLt-autotune tn (its pick on the H200: 128x64 in a 1x2 cluster in four
# pieces, h200_cublas_mirror_s23.md; every nvjet launch of the run is profiled, its pick's are the
# last) against our 128x64 coop 1x2 skp4p. Metrics: time, clock, the L2 request coalescer's
# sectors (lrc_probe.sh's set), L2 read sectors and requests, DRAM bytes, tensor-pipe activity.
# SPECS: our specs instead of the default one; SKIP_CUBLASLT=1: ours only. Output: $OUT/lrc_mirror.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/lrc_mirror}"
mkdir -p "$out"
source scripts/runs/cublas_libs.sh
bin=build/tools/autogemm/autogemm
shape="${SHAPE:-512_512_16384}"
m=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_requests_srcunit_tex_op_read.sum
m=$m,lts__t_sectors_srcunit_tex_op_read.sum,dram__bytes_read.sum
m=$m,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed
for x in request_sectors_op_read_coalescable request_sectors_op_read_coalescing_achieved_type_hardware \
         request_sectors_op_read_coalescing_achieved_type_programmatic lrc2xbar_sectors_op_read \
         xbar2gpc_sectors_op_read; do
  m=$m,lrc__$x.sum
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/lrc_mirror.txt"
if [ -z "${SKIP_CUBLASLT:-}" ]; then
echo "== cublaslt_autotune_tn $shape (every nvjet launch; the pick's are the last)" >> "$out/lrc_mirror.txt"
timeout 280 ncu --clock-control none --cache-control none --metrics "$m" -k "regex:nvjet" \
  --launch-count 400 "$bin" bench --mnk "$shape" --rounds 2 --layout tn \
  --methods cublaslt_autotune_tn 2>&1 | grep -E "^  [a-zA-Z_]|^\s+(gpu__|sm__|lrc__|lts__|dram__)|ERROR" \
  > "$out/cublaslt_all.txt"
tail -n 60 "$out/cublaslt_all.txt" >> "$out/lrc_mirror.txt"
fi
for spec in ${SPECS:-sm90_f16f32_tn_128x64x64_s8_c1x2_coop_tiles_r8m_skp4p}; do
  echo "== $spec $shape" >> "$out/lrc_mirror.txt"
  timeout 120 ncu --clock-control none --cache-control none --metrics "$m" -k "regex:autogemm" \
    --launch-skip 4 --launch-count 4 "$bin" bench --mnk "$shape" --rounds 2 --layout tn \
    --methods autogemm --spec "$spec" 2>&1 |
    grep -E "^  [a-zA-Z_]|^\s+(gpu__|sm__|lrc__|lts__|dram__)|ERROR" >> "$out/lrc_mirror.txt"
done
cat "$out/lrc_mirror.txt"
