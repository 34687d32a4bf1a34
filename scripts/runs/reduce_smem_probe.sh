#!/usr/bin/env bash
# The split-K reduction pass's block placement (notes 86): the same skp specs and controls on
# few-tile long-K shapes in four arms, one bench process each, cuBLASLt-autotune in every arm as
# the anchor: the pass asking for no shared memory (up to 16 blocks per SM), 48 KB (at most 4),
# 48 KB with the pass's preferred carveout at 100% shared memory, and that with the GEMM's too.
# Uses the experiment switches AUTOGEMM_EXP_REDUCE_SMEM / _REDUCE_CARVEOUT / _GEMM_CARVEOUT,
# which exist only at bba0cc1 (removed in 82e2256): build that commit to rerun it; at any later
# commit the four arms measure the same thing.
# Runs ON the device. Output: $OUT/<arm>/results.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/reduce_smem}"
p=sm90_f16f32_tn
specs="${p}_64x64x64_s8_c1x1_wg1_tiles_r8m_skp8 ${p}_128x128x64_s6_c2x1_coop_tiles_r8m_skp8
  ${p}_64x128x64_s8_c2x1_wg1_tiles_r8m_skp4 ${p}_64x128x64_s6_c1x1_wg1_tiles_r8m_skp4
  ${p}_64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap ${p}_64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_nopdl
  ${p}_64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk4"
shapes="512_512_16384 256_1024_16384 128_2048_8192 128_256_16384 512_64_16384 64_256_12288
  128_128_8192 64_1024_16384 128_128_16384"
args="--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm"
for s in $shapes; do args="$args --mnk $s"; done
for s in $specs; do args="$args --spec $s"; done
arm() {  # NAME ENV...
  local name="$1"; shift
  mkdir -p "$out/$name"
  env "$@" OUT="$out/$name" bash scripts/device_job.sh --no-tests "h200_reduce_$name" "$args" \
    > "$out/$name/job.log" 2>&1
  echo "$name: exit $?"
}
arm smem0 AUTOGEMM_EXP_REDUCE_SMEM=0
arm smem48k AUTOGEMM_EXP_REDUCE_SMEM=49152
arm smem48k_rcarve AUTOGEMM_EXP_REDUCE_SMEM=49152 AUTOGEMM_EXP_REDUCE_CARVEOUT=100
arm smem48k_bothcarve AUTOGEMM_EXP_REDUCE_SMEM=49152 AUTOGEMM_EXP_REDUCE_CARVEOUT=100 \
  AUTOGEMM_EXP_GEMM_CARVEOUT=100
