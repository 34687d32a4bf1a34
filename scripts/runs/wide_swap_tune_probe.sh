#!/usr/bin/env bash
# The tuner on large shapes whose M cuts badly into 128- to 256-row tiles, with the swap-AB
# split-N seeds (proposer.hpp kWideSwapSeeds): a fresh store, budget 32, a table exported, then
# that table's picks interleaved with cuBLASLt-autotune nn and tn (two processes). Runs ON the
# device. Output: $OUT/wide_swap_tune.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/wide_swap_tune}"
d="$top/wide_swap_tune"
record_machine "$d"
bin=build/tools/autogemm/autogemm
export AUTOGEMM_COMMIT="$(cat build/COMMIT)"
shapes="${SHAPES:-2124_4544_11208 6334_6400_12960 980_9656_14016}"
m=()
for s in $shapes; do m+=(--mnk "$s"); done
timeout 420 "$bin" tune "${m[@]}" --dtype fp16 --acc fp32 --layout tn --budget 32 \
  --store "$d/tune.sqlite" --out-table "$d/tune_table.json" > "$d/tune.log" 2>&1
echo "tune: exit $?"; tail -3 "$d/tune.log"
for rep in 1 2; do
  OUT="$d" BENCH_ARGS="--rounds 9" spec_bench "tuned_$rep" "$shapes" "table:tuned=$d/tune_table.json"
  grep -A4 "^method" "$d/tuned_$rep.log" | head -5
done
rm -f "$d/tune.sqlite-wal" "$d/tune.sqlite-shm"
tar czf "$top/wide_swap_tune.tgz" -C "$top" wide_swap_tune
