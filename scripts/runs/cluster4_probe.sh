#!/usr/bin/env bash
# Four-CTA clusters (notes 60): the L2 request coalescer merges identical multicast requests,
# within a cluster programmatically and across clusters by hardware; cuBLAS's kernels get the
# hardware kind, ours almost none. A 4-CTA cluster puts four sharers under programmatic
# coalescing. Bench against the 2-CTA specs on the long-K, key3 and short-K probes, then the
# coalescer's counters for two of them. ON the device. Output: $OUT/results.tgz, $OUT/lrc4.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/c4_out}"
p=sm90_f16f32_tn
small="" large=""
for s in 64x128x64_s8_c4x1_wg1_persist_r8n_etma 64x128x64_s8_c2x2_wg1_persist_r8n_etma \
         64x128x64_s8_c1x4_wg1_persist_r8n_etma 64x128x64_s8_c2x1_wg1_persist_r8n_etma \
         64x128x64_s8_c1x1_wg1_persist_r8m_etma 128x128x64_s6_c2x2_coop_persist_r8m_etma_sk2 \
         128x128x64_s6_c1x2_coop_persist_r8m_etma_sk2; do
  small+=" --spec ${p}_$s"
done
for s in 128x256x64_s4_c2x2_coop_persist_r8n_etma 256x128x64_s4_c2x2_coop_persist_r8m_etmar \
         128x256x64_s4_c4x1_coop_persist_r8n_etma 256x128x64_s4_c1x4_coop_persist_r8m_etmar \
         128x256x64_s4_c2x1_coop_persist_r8n_etma 256x128x64_s4_c1x2_coop_persist_r8m_etmar; do
  large+=" --spec ${p}_$s"
done
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
RUN_LIMIT_S=150 bash scripts/device_job.sh --no-tests \
  h200_cluster4_long_k_tn "--shapes bench/shapes/probe_long_k.txt $m $small" \
  h200_cluster4_key3_tn "--shapes bench/shapes/key3.txt $m $large" \
  h200_cluster4_small_k_tn "--shapes bench/shapes/probe_small_k.txt $m $large"
source scripts/runs/cublas_libs.sh  # cuBLAS on the loader path
mm=gpu__time_duration.sum,lts__t_requests_srcunit_tex_op_read.sum
mm=$mm,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
mm=$mm,lrc__request_sectors_op_read_coalescing_achieved_type_programmatic.sum
mm=$mm,lrc__request_sectors_op_read_coalescable.sum
for t in "1024_1024_16384 ${p}_64x128x64_s8_c4x1_wg1_persist_r8n_etma" \
         "1024_1024_16384 ${p}_64x128x64_s8_c2x2_wg1_persist_r8n_etma" \
         "4096_4096_4096 ${p}_256x128x64_s4_c2x2_coop_persist_r8m_etmar" \
         "4096_4096_4096 ${p}_128x256x64_s4_c4x1_coop_persist_r8n_etma"; do
  set -- $t
  echo "== $2 $1" >> "$out/lrc4.txt"
  timeout 100 ncu --clock-control none --cache-control none --metrics "$mm" -k regex:autogemm \
    --launch-skip 2 --launch-count 1 build/tools/autogemm/autogemm bench --mnk "$1" --rounds 3 \
    --methods autogemm --spec "$2" 2>&1 | grep -E "^\s+(gpu__|lrc__|lts__)|ERROR" >> "$out/lrc4.txt"
done
cat "$out/lrc4.txt"
