#!/usr/bin/env bash
# The oracle with the tuner's picks, ON the device: issue 4 lets the oracle sweep "exhaustively or
# with a wide, stated sample"; the tuner (budget B, local moves past the default sweep) is such a
# sample. Tunes the decode shapes (fp16/fp32, budget 32, ranked by the shipped cost model, which
# saw none of them) and oracle100 with fp16 accumulation (budget 8), each within a time limit
# (what is stored by then is exported), then one interleaved run per set: the whole default
# sweep, the tuned table's pick, cuBLASLt-autotune (with CUBLAS_COMPUTE_16F for fp16 accumulation).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
out="${OUT:-/tmp/tuned_oracle_out}"
bin=build/tools/autogemm/autogemm
mkdir -p "$out/results"
AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
export AUTOGEMM_COMMIT

# tune NAME SHAPES BUDGET SECONDS ARGS...: tables land in $out/results (packed with the CSVs).
tune() {
  local name=$1 shapes=$2 budget=$3 limit=$4 t0
  shift 4
  t0=$(date +%s)
  timeout -k 10 "$limit" "$bin" tune --shapes "$shapes" --layout tn --budget "$budget" \
    --store "/tmp/$name.sqlite" --out-table "$out/results/$name.table.json" "$@" \
    > "$out/results/$name.tune.log" 2>&1
  local rc=$?
  [ "$rc" -ne 0 ] && "$bin" db export --store "/tmp/$name.sqlite" \
    --out "$out/results/$name.table.json" >> "$out/results/$name.tune.log" 2>&1
  echo "tune $name: exit $rc in $(($(date +%s) - t0)) s; $(tail -n 1 "$out/results/$name.tune.log")"
}
tune decode_b32 bench/shapes/decode.txt 32 110 --dtype fp16 --acc fp32 \
  --cost-model data/nvidia_h200.costmodel.json.gz
tune f16acc_b8 bench/shapes/oracle100.txt 8 120 --dtype fp16 --acc fp16
t="$out/results"
OUT="$out" bash scripts/device_job.sh --no-tests \
  h200_decode_tuned_tn "--shapes bench/shapes/decode.txt --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec sweep --spec table:tuned_b32=$t/decode_b32.table.json" \
  h200_oracle100_f16acc_tuned_tn "--shapes bench/shapes/oracle100.txt --mode kernel --layout tn --acc fp16 --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec sweep --spec table:tuned_b8=$t/f16acc_b8.table.json"
