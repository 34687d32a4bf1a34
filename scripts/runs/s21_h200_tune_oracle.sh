#!/usr/bin/env bash
# Session 21 (notes 142), ON a host of four H200s: tune bench/shapes/h200_s21_tune.txt (oracle100,
# decode, then the H200 table's oldest other entries) with today's space (tune_shards.sh,
# GPU_MATCH=H200, BUDGET default 40, no confirm run of its own), then on the four GPUs at once,
# each run its own process:
#   GPUs 0-2: oracle100 short runs 1-3: cuBLASLt-autotune nn and tn, the s20 sweep's picks
#             (`sweep`), the new tuned picks (`tuned`) and gemm()'s own pick (`auto`);
#   GPU 3:    decode short runs 1-3 (the same methods, the s20 decode sweep's picks), then the
#             confirm run of the other tuned shapes (the shipped table against `tuned`).
# scripts/oracle_short_report.py reads the short runs: the oracle chosen in run 1, timed in 2-3.
# Output: $OUT/s21.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s21}"
d="$out/s21"
mkdir -p "$d"
nvidia-smi --query-gpu=index,name,driver_version --format=csv,noheader | tee "$d/gpus.txt"
GPU_MATCH=H200 SHAPES=bench/shapes/h200_s21_tune.txt BUDGET="${BUDGET:-40}" \
  TUNE_SECONDS="${TUNE_SECONDS:-360}" CONFIRM=0 OUT="$d" bash scripts/runs/tune_shards.sh \
  > "$d/tune_shards.log" 2>&1
echo "tune_shards exit $?"
tar xzf "$d/h200_shards.tgz" -C "$d" && tail -n 12 "$d/h200_shards/SUMMARY"
tuned="$d/h200_shards/table.json"
[ -s "$tuned" ] || { echo "no tuned table"; tar czf "$out/s21.tgz" -C "$out" s21; exit 1; }
zcat bench/results/h200/h200_oracle_fresh_s20_oracle100_picks.json.gz > "$d/sweep_oracle100.json"
zcat bench/results/h200/h200_oracle_fresh_s20_decode_picks.json.gz > "$d/sweep_decode.json"
shapes() { grep -hv '^#' "$1" | grep . | tr '\n' ' '; }
short() {  # NAME SHAPEFILE SWEEP_PICKS
  SHAPES="$(shapes "$2")" OUT="$d" BENCH_TIMEOUT=200 \
    spec_bench "$1" "" "table:sweep=$3" "table:tuned=$tuned" auto
}
for rep in 1 2 3; do
  CUDA_VISIBLE_DEVICES=$((rep - 1)) short "oracle100_short_$rep" bench/shapes/oracle100.txt \
    "$d/sweep_oracle100.json" > "$d/oracle100_short_$rep.exit" 2>&1 &
done
(
  export CUDA_VISIBLE_DEVICES=3
  for rep in 1 2 3; do short "decode_short_$rep" bench/shapes/decode.txt "$d/sweep_decode.json"; done
  grep -v '^#' bench/shapes/h200_s21_tune.txt | grep -vxf <(grep -hv '^#' bench/shapes/oracle100.txt \
    bench/shapes/decode.txt) > "$d/others.txt"
  SHAPES="$(shapes "$d/others.txt")" OUT="$d" BENCH_TIMEOUT=150 \
    spec_bench others_confirm "" "table:shipped=data/nvidia_h200.json" "table:tuned=$tuned"
) > "$d/gpu3.exit" 2>&1 &
wait
cat "$d"/*.exit
for set in oracle100 decode; do
  python3 scripts/oracle_short_report.py "$d/${set}_short_"{1,2,3}.csv > "$d/${set}_report.txt" 2>&1
  cat "$d/${set}_report.txt"
done
tail -n 8 "$d/others_confirm.log"
tar czf "$out/s21.tgz" -C "$out" s21 && rm -rf "$d"
