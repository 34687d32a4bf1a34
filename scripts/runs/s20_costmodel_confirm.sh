#!/usr/bin/env bash
# In-run check of the twentieth session's cost model (notes 137) on shapes no model or decision
# saw (SETS, default offgrid98e offgrid98f decode). One process, interleaved per shape: cuBLASLt-autotune nn and tn,
# gemm()'s pick (`auto`: off the table, the shipped cost model), and the picks of earlier models
# as tables (PICKS="NAME=FILE ...", made by `db rank --top 1` with the build those models need).
# Then the bench's GPU tests (BenchGpu, the shared-C test among them). ON the device.
# Output: $OUT/s20_confirm.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s20_confirm}"
mkdir -p "$out/s20_confirm"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/s20_confirm/gpu.txt"
specs=(auto)
for p in ${PICKS:-}; do specs+=("table:$p"); done
sets=()
for s in ${SETS:-offgrid98e offgrid98f decode}; do sets+=("bench/shapes/$s.txt"); done
SHAPES="$(grep -hv '^#' "${sets[@]}" | tr '\n' ' ')" \
  OUT="$out/s20_confirm" BENCH_TIMEOUT=${BENCH_TIMEOUT:-420} spec_bench h100_cm_confirm_s20_tn "" "${specs[@]}"
tail -n 14 "$out/s20_confirm/h100_cm_confirm_s20_tn.log"
ctest --test-dir build -R BenchGpu --output-on-failure --timeout 300 > "$out/s20_confirm/ctest_gpu_bench.log" 2>&1
echo "ctest exit $?"; tail -n 5 "$out/s20_confirm/ctest_gpu_bench.log"
grep -h "share" "$out/s20_confirm/ctest_gpu_bench.log" | head -3
tar czf "$out/s20_confirm.tgz" -C "$out" s20_confirm && rm -rf "$out/s20_confirm"
