#!/usr/bin/env bash
# The L2 request coalescer (LRC, notes 60): how many of the read sectors the SMs send are
# coalescable and coalesced, by hardware or "programmatically", for our clustered 64x128 and
# cuBLASLt's on 1024x1024x16384, and for our 256x128 coop and cuBLAS's on 4096³. ON the device.
# MORE=1: other structures and shapes instead; RASTERS=1: 64x128 1x2 and 2x1 under five rasters;
# SPECS="spec...": those specs on SHAPE (default 1024_1024_16384). Output: $OUT/lrc.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/lrc_out}"
mkdir -p "$out"
source scripts/runs/cublas_libs.sh  # cuBLAS on the loader path
bin=build/tools/autogemm/autogemm
p=sm90_f16f32_tn
m=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,lts__t_requests_srcunit_tex_op_read.sum
for x in request_sectors_op_read_coalescable request_sectors_op_read_coalescing_achieved_type_hardware \
         request_sectors_op_read_coalescing_achieved_type_programmatic \
         request_sectors_op_read_coalescing_type_programmatic lrc2xbar_sectors_op_read \
         lrc2xbar_sectors_op_read_coalescing_none xbar2gpc_sectors_op_read; do
  m=$m,lrc__$x.sum
done
profile() {  # NAME SHAPE KERNEL_REGEX SKIP BENCH_ARGS...
  local name="$1" shape="$2" regex="$3" skip="$4"; shift 4
  echo "== $name $shape" >> "$out/lrc.txt"
  timeout 100 ncu --clock-control none --cache-control none --metrics "$m" -k "regex:$regex" \
    --launch-skip "$skip" --launch-count 1 "$bin" bench --mnk "$shape" --rounds 3 "$@" 2>&1 |
    grep -E "^\s+(gpu__|sm__|lrc__|lts__)|ERROR" >> "$out/lrc.txt"
}
if [ -n "${SPECS:-}" ]; then  # any specs on one shape
  for spec in $SPECS; do
    profile "$spec" "${SHAPE:-1024_1024_16384}" autogemm 2 --methods autogemm --spec "$spec"
  done
  cat "$out/lrc.txt"
  exit 0
fi
if [ -n "${RASTERS:-}" ]; then  # 64x128 1x2 and 2x1 under several rasters: does who shares matter?
  for c in ${CLUSTERS:-c1x2 c2x1}; do
    for r in ${RASTER_LIST:-r1m r8m r1n r8n r16n}; do
      profile "ours_64x128_${c}_$r" 1024_1024_16384 autogemm 2 --methods autogemm \
        --spec ${p}_64x128x64_s8_${c}_wg1_persist_${r}_etma
    done
  done
  cat "$out/lrc.txt"
  exit 0
fi
if [ -n "${MORE:-}" ]; then  # other structures and shapes: is the merging about the kernel or the shape?
  profile ours_64x128_c1x2 1024_1024_16384 autogemm 2 --methods autogemm \
    --spec ${p}_64x128x64_s8_c1x2_wg1_persist_r8n_etma
  profile ours_128x128_coop_c1x2_sk2 1024_1024_16384 autogemm 2 --methods autogemm \
    --spec ${p}_128x128x64_s6_c1x2_coop_persist_r8m_etma_sk2
  profile ours_64x128_c2x1_sk4 512_512_16384 autogemm 2 --methods autogemm \
    --spec ${p}_64x128x64_s8_c2x1_wg1_persist_r8m_etma_sk4
  profile cublas_512 512_512_16384 nvjet 2 --methods cublas_tn
  profile ours_128x256_c2x1 8192_8192_8192 autogemm 2 --methods autogemm \
    --spec ${p}_128x256x64_s4_c2x1_coop_persist_r8n_etma
  profile cublas_8192 8192_8192_8192 nvjet 2 --methods cublas_tn
  cat "$out/lrc.txt"
  exit 0
fi
profile ours_c2x1 1024_1024_16384 autogemm 2 --methods autogemm \
  --spec ${p}_64x128x64_s8_c2x1_wg1_persist_r8n_etma
profile cublaslt 1024_1024_16384 'nvjet_sm90_hsh_(64x128_64x8_2x1|128x64_64x8_1x2)' 0 \
  --methods cublaslt_autotune_tn
profile ours_256x128 4096_4096_4096 autogemm 2 --methods autogemm \
  --spec ${p}_256x128x64_s4_c1x2_coop_persist_r8m_etmar
profile cublas 4096_4096_4096 nvjet 2 --methods cublas_tn
cat "$out/lrc.txt"
