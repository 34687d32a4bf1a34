#!/usr/bin/env bash
# A session's closing check ON the device: every GPU test (verbose: the correctness sweep's seed
# and worst error), and CUDA-L2's evaluation command run unchanged through eval_one_file.sh.
set -euo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/final_check}"
mkdir -p "$out"
bash scripts/device_job.sh --ctest -V \
  h200_smoke_kernel '--mnk 64_4096_64 --mnk 4096_4096_4096 --methods cublaslt_autotune_tn,autogemm --spec sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0' \
  "$@"
mv "$out/results.tgz" "$out/results_tests.tgz"
bash scripts/eval_one_file.sh --mnk 64_4096_64 --acc_precise fp32 --device_type H200 \
  --warmup_seconds 1 --benchmark_seconds 2 --base_dir "$out/eval" --gpu_device_id 0 \
  --mode offline --target_qps 100 > "$out/eval_one_file.log" 2>&1
echo "eval_one_file.sh: exit $?"
tail -15 "$out/eval_one_file.log"
