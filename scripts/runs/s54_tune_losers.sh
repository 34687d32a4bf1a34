#!/usr/bin/env bash
# ON the device (session 54; CLI-only pack): is gemm()'s gap on its weakest unseen middle and
# large shapes (bench/shapes/fresh_losers10_s54.txt: <= 0.97x of cuBLASLt-autotune in
# h200_fresh_s53) a candidate-set miss or the kernels' ceiling? The tuner, cost-model-guided,
# budget 64 per shape, against cuBLASLt-autotune; its table is then benched like gemm() (picker
# `tuned`) beside gemm()'s own pick (`auto`) in two processes.
# Output: $OUT/tune_losers.tgz (store, tuned table, logs, bench CSVs).
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out tune_losers)"
bin=build/tools/autogemm/autogemm
timeout 420 "$bin" tune --shapes bench/shapes/fresh_losers10_s54.txt --layout tn --budget 64 \
  --cost-model data/nvidia_h200.costmodel.json.gz --store "$d/store.db" --out-table "$d/tuned.json" \
  > "$d/tune.log" 2>&1
echo "tune exit $?"
tail -15 "$d/tune.log"
for rep in 1 2; do
  OUT="$d" BENCH_TIMEOUT=200 spec_bench "bench_$rep" "$(shape_list bench/shapes/fresh_losers10_s54.txt)" \
    auto "table:tuned=$d/tuned.json" > /dev/null
  grep -A6 "^method" "$d/bench_$rep.log" | head -7
done
tar czf "$OUT/tune_losers.tgz" -C "$(dirname "$d")" "$(basename "$d")"
