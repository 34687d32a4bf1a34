#!/usr/bin/env bash
# Large shapes still below cuBLASLt-autotune (h200_large187_tn_etmar2.csv, the headline three):
# stream-K with 2-CTA clusters (multicast kept under stream-K since 92abfd2) and 2 k-blocks of
# MMAs in flight (lag2), beside the current winners, interleaved with cuBLASLt-autotune.
# Runs ON the device; GPU tests given by CTEST (default: the sweep tests) run first.
set -euo pipefail
cd "$(dirname "$0")/../.."
tails=(128x256x64_s4_c1x1_coop_persist_r8m_etma_sk_lag0 128x256x64_s3_c1x1_coop_persist_r8m_etmat_sk
       128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0 128x256x64_s4_c2x1_coop_persist_r8m_etma
       128x128x64_s5_c1x2_pp_persist_r8m_etmat 128x192x64_s4_c1x1_pp_persist_r8m_etmar
       128x192x64_s4_c2x1_pp_persist_r8m_etmar
       128x256x64_s4_c2x1_coop_persist_r8m_etma_sk 128x256x64_s4_c2x1_coop_persist_r8m_etma_sk_lag0
       128x256x64_s3_c2x1_coop_persist_r8m_etmat_sk 128x256x64_s3_c2x1_coop_persist_r8m_etmat_sk_lag0
       128x256x64_s4_c1x2_coop_persist_r8m_etma_sk 256x128x64_s4_c1x2_coop_persist_r8m_etma_sk
       192x192x64_s3_c2x1_wg3_persist_r8m_etma_sk
       128x256x64_s4_c2x1_coop_persist_r8m_etma_lag2 128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag2
       128x192x64_s4_c2x1_pp_persist_r8m_etmar_lag2 128x128x64_s5_c1x2_pp_persist_r8m_etmat_lag2)
specs=""
for t in "${tails[@]}"; do specs="$specs --spec sm90_f16f32_tn_$t"; done
shapes=""
for s in 12288_256_16384 4096_4096_4096 8192_8192_8192 16384_16384_4096 2048_8192_4096 \
         4096_8192_4096 16384_4096_4096 16384_4096_2048 1024_16384_4096 2048_16384_2048; do
  shapes="$shapes --mnk $s"
done
# CTEST='-R ...' picks the GPU tests; TESTS=--no-tests skips them.
test_args=(--ctest "${CTEST:--R Sweep}")
[ -n "${TESTS:-}" ] && read -ra test_args <<< "$TESTS"
exec bash scripts/device_job.sh "${test_args[@]}" \
  h200_large_sk_cluster_tn "$shapes --mode kernel --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --layout tn $specs" \
  "$@"
