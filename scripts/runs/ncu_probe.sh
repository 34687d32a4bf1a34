#!/usr/bin/env bash
# Nsight Compute on one short-K shape: our best specs vs cuBLASLt's heuristic kernel, to see
# where the time goes (tensor-pipe activity, L2/DRAM throughput, stalls). Runs ON the device.
# First lists every kernel ncu sees (no name filter), so a kernel ncu cannot intercept shows up
# as missing instead of as an empty report.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp}"
bin=build/tools/autogemm/autogemm
shape="${1:-8192_12288_512}"
shift || true
specs=("$@")
[ ${#specs[@]} -eq 0 ] && specs=(sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat
                              sm90_f16f32_tn_128x128x64_s5_c2x1_pp_persist_r8m_etmat)
export CUDA_MODULE_LOADING=EAGER
common=(--clock-control none --target-processes all)
timeout 120 ncu "${common[@]}" --launch-count 60 --metrics gpu__time_duration.sum \
  "$bin" bench --mnk "$shape" --methods cublaslt_heuristic_tn,autogemm --spec "${specs[0]}" \
  --rounds 1 > "$out/ncu_list.txt" 2>&1
echo "ncu list: exit $? ($(grep -c 'autogemm_sm90_gemm' "$out/ncu_list.txt") of ours, $(grep -c nvjet "$out/ncu_list.txt") nvjet)"
sections=(--section SpeedOfLight --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis
          --section SchedulerStats --section WarpStateStats --section LaunchStats --section Occupancy)
timeout 150 ncu "${common[@]}" -k regex:nvjet --launch-skip 3 --launch-count 1 "${sections[@]}" \
  "$bin" bench --mnk "$shape" --methods cublaslt_heuristic_tn --rounds 1 > "$out/ncu_cublaslt.txt" 2>&1
echo "ncu cublaslt: exit $?"
for spec in "${specs[@]}"; do
  timeout 150 ncu "${common[@]}" -k regex:autogemm --launch-skip 3 --launch-count 1 "${sections[@]}" \
    "$bin" bench --mnk "$shape" --methods autogemm --spec "$spec" --rounds 1 \
    > "$out/ncu_${spec}.txt" 2>&1
  echo "ncu $spec: exit $?"
done
