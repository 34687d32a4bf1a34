#!/usr/bin/env bash
# ON the device (session 51; CLI-only pack): L2 and request-coalescer counters of cuBLASLt's
# split-K kernels against ours on the two few-tile long-K shapes (notes 372: its GEMM grid 13-18%
# faster on the same structure). Every nvjet kernel the autotune times (8 launches each, so every
# candidate's counters) and our table picks plus the 64x128 2x1 skp4p, one launch each after
# warm-up; clocks and caches left alone. Output: $OUT/lrc_s51.txt.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
source scripts/runs/cublas_libs.sh
bin=build/tools/autogemm/autogemm
out="${OUT:?}/lrc_s51.txt"
mm=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_bytes.sum,lts__t_sectors_srcunit_tex_op_read.sum
mm=$mm,lrc__request_sectors_op_read_coalescable.sum
mm=$mm,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
mm=$mm,lrc__request_sectors_op_read_coalescing_achieved_type_programmatic.sum
mm=$mm,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed
keep='^  [a-z]|^\s+(gpu__|dram__|lts__|lrc__|sm__)|ERROR'
p=sm90_f16f32_tn
for t in "256_1024_16384 ${p}_64x128x64_s8_c2x1_wg1_tiles_r8m_skp4p" \
         "256_1024_16384 ${p}_128x128x64_s7_c2x1_coop_tiles_r1m_skp8p" \
         "128_2048_8192 ${p}_64x128x64_s8_c2x1_wg1_tiles_r8n_skp4p"; do
  set -- $t
  echo "== $2 $1" >> "$out"
  timeout 100 ncu --clock-control none --cache-control none --metrics "$mm" -k regex:autogemm_sm90_gemm \
    --launch-skip 6 --launch-count 1 "$bin" bench --mnk "$1" --rounds 1 --loop_us 100 \
    --methods autogemm --spec "$2" 2>&1 | grep -E "$keep" >> "$out"
done
for shape in 256_1024_16384 128_2048_8192; do
  echo "== cublaslt_autotune_nn $shape (every nvjet launch of the autotune)" >> "$out"
  timeout 150 ncu --clock-control none --cache-control none --metrics "$mm" -k regex:nvjet \
    --launch-count 60 "$bin" bench --mnk "$shape" --rounds 1 --loop_us 100 \
    --methods cublaslt_autotune_nn 2>&1 | grep -E "$keep" >> "$out"
done
grep -c "nvjet" "$out"
