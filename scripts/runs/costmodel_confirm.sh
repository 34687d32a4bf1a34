#!/usr/bin/env bash
# In-run check of cost models on shapes no model or decision saw (notes 137, 150). Per process
# (REPS, default 1), one bench, interleaved per shape: cuBLASLt-autotune nn and tn, gemm()'s pick
# (`auto`: off the table, the shipped cost model), and other models' picks as tables: PICKS="NAME=FILE
# ..." (tables made by scripts/picks_table.py from `db rank --top 1`) or RANKS="NAME=RANK_OUTPUT ..."
# (the `db rank --top 1` output itself, made into a table here for this GPU's name). SETS names
# the shape files under bench/shapes (default offgrid98e offgrid98f decode); NAME the runs (default
# h100_cm_confirm_s20_tn, the twentieth session's). Then the bench's GPU tests (BenchGpu) unless
# NO_TESTS is set. ON the device. Output: $OUT/cm_confirm.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/cm_confirm}"
d="$out/cm_confirm"
record_machine "$d"
specs=(auto)
for p in ${PICKS:-}; do specs+=("table:$p"); done
gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)"
for r in ${RANKS:-}; do
  python3 scripts/picks_table.py "${r#*=}" "$d/picks_${r%%=*}.json" "$gpu" > /dev/null
  specs+=("table:${r%%=*}=$d/picks_${r%%=*}.json")
done
sets=()
for s in ${SETS:-offgrid98e offgrid98f decode}; do sets+=("bench/shapes/$s.txt"); done
name="${NAME:-h100_cm_confirm_s20_tn}"
for rep in $(seq 1 "${REPS:-1}"); do
  run="$name"
  [ "${REPS:-1}" -gt 1 ] && run="${name}_$rep"
  SHAPES="$(grep -hv '^#' "${sets[@]}" | tr '\n' ' ')" \
    OUT="$d" BENCH_TIMEOUT=${BENCH_TIMEOUT:-420} spec_bench "$run" "" "${specs[@]}"
  tail -n 14 "$d/$run.log"
done
if [ -z "${NO_TESTS:-}" ]; then
  ctest --test-dir build -R BenchGpu --output-on-failure --timeout 300 > "$d/ctest_gpu_bench.log" 2>&1
  echo "ctest exit $?"; tail -n 5 "$d/ctest_gpu_bench.log"
fi
tar czf "$out/cm_confirm.tgz" -C "$out" cm_confirm && rm -rf "$d"
