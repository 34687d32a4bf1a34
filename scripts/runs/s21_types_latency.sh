#!/usr/bin/env bash
# Session 21 (notes 146), ON one H200: issue 4's other types and its latency shapes, like for like.
# Per REPS process (default 2), each its own run: oracle100 in bf16 (fp32 accumulation) and in
# fp16 with fp16 accumulation (cuBLASLt-autotune with CUBLAS_COMPUTE_16F), timing cuBLASLt-autotune
# nn and tn, the fp16 oracle's picks of session 21 as that type's twins (scripts/twin_table.py:
# `chosen`) and gemm()'s own pick (`auto`); then 64x64x64 and 64x4096x64 in fp16 (the same methods).
# scripts/oracle_short_report.py reads each set. Output: $OUT/s21_types.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s21_types}"
d="$out/s21_types"
record_machine "$d"
chosen=bench/results/h200/h200_oracle_s21_oracle100_chosen.json.gz
python3 scripts/twin_table.py $chosen "$d/bf16_chosen.json" bf16
python3 scripts/twin_table.py $chosen "$d/f16acc_chosen.json" f16acc
zcat $chosen > "$d/fp16_chosen.json"
bin=build/tools/autogemm/autogemm
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null)"
run() {  # NAME DTYPE ACC PICKS SHAPE-ARGS...
  local name=$1 dtype=$2 acc=$3 picks=$4
  shift 4
  timeout 200 "$bin" bench "$@" --dtype "$dtype" --acc "$acc" --mode kernel --layout tn \
    --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec "table:chosen=$picks" \
    --spec auto --out "$d/$name.csv" > "$d/$name.log" 2>&1
  echo "$name: bench exit $?"
}
for rep in $(seq 1 "${REPS:-2}"); do
  run "bf16_short_$rep" bf16 fp32 "$d/bf16_chosen.json" --shapes bench/shapes/oracle100.txt
  run "f16acc_short_$rep" fp16 fp16 "$d/f16acc_chosen.json" --shapes bench/shapes/oracle100.txt
  run "latency_$rep" fp16 fp32 "$d/fp16_chosen.json" --mnk 64_64_64 --mnk 64_4096_64
done
for set in bf16 f16acc; do
  python3 scripts/oracle_short_report.py "$d/${set}_short_"*.csv > "$d/${set}_report.txt" 2>&1
  cat "$d/${set}_report.txt"
done
grep -h -E "^64_(64|4096)_64 " "$d"/latency_*.log
tar czf "$out/s21_types.tgz" -C "$out" s21_types && rm -rf "$d"
