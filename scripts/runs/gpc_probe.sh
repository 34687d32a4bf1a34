#!/usr/bin/env bash
# Group scheduling (the "gpc" spec token): each spec with and without it, interleaved with
# cuBLASLt-autotune, on long-K and large shapes; the bench's gate checks every output first.
# Runs ON the device. Output: $OUT/gpc_*.csv and the bench's log.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/gpc_out}"
mkdir -p "$out"
source scripts/runs/cublas_libs.sh
p=sm90_f16f32_tn
run() {  # NAME SHAPES SPEC...
  local name="$1" shapes="$2"; shift 2
  local a=()
  for s in "$@"; do a+=(--spec "$s" --spec "${s}_gpc"); done
  local m=()
  for s in $shapes; do m+=(--mnk "$s"); done
  timeout 280 build/tools/autogemm/autogemm bench "${m[@]}" --mode kernel --layout tn \
    --methods cublaslt_autotune_tn,autogemm "${a[@]}" --out "$out/gpc_$name.csv" \
    > "$out/gpc_$name.log" 2>&1
  echo "$name: exit $?"
}
run long "${LONG:-1024_1024_16384 1024_1024_12288 2048_1024_8192 1000_1000_8192}" \
  ${p}_64x128x64_s8_c1x2_wg1_persist_r8n_etma ${p}_64x128x64_s8_c1x2_wg1_persist_r4m_etma \
  ${p}_64x128x64_s8_c2x1_wg1_persist_r8m_etma ${p}_128x128x64_s6_c1x2_coop_persist_r8m_etma
[ -n "${NO_LARGE:-}" ] || run large "${LARGE:-4096_4096_4096 8192_8192_8192 16384_16384_4096}" \
  ${p}_128x256x64_s4_c2x1_coop_persist_r8m_etma ${p}_256x128x64_s4_c1x2_coop_persist_r8m_etmar \
  ${p}_128x256x64_s4_c1x2_coop_persist_r8m_etma
