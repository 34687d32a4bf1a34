#!/usr/bin/env bash
# Nsight Compute on one short-K shape: our best specs vs cuBLASLt's heuristic kernel, to see
# where the time goes (tensor-pipe activity, L2/DRAM throughput, stalls). Runs ON the device.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
bin=build/tools/autogemm/autogemm
shape="${1:-8192_12288_512}"
export CUDA_MODULE_LOADING=EAGER
for spec in sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat \
            sm90_f16f32_tn_128x128x64_s5_c2x1_pp_persist_r8m_etmat; do
  timeout 240 ncu --clock-control none --target-processes all \
    -k 'regex:autogemm_sm90_gemm|sm90_xmma' --launch-skip 12 --launch-count 8 \
    --section SpeedOfLight --section MemoryWorkloadAnalysis --section SchedulerStats \
    --section WarpStateStats --section Occupancy \
    "$bin" bench --mnk "$shape" --methods cublaslt_heuristic_tn,autogemm --spec "$spec" --rounds 2 \
    > "$out/ncu_${spec}.txt" 2>&1
  echo "ncu $spec: exit $?"
done
