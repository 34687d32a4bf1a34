#!/usr/bin/env bash
# gemm() on the 49 fresh shapes of bench/shapes/offgrid49_s32.txt against cuBLASLt-autotune nn and
# tn (fp16, fp32 accumulation, tn, kernel mode), FRESH_REPS processes (default 2), on whatever GPU
# the device gives (session 32: s32_host_fresh.sh runs it; alone on an H100 after h200_fresh_s32). ON the device.
# Output: $OUT/fresh.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/fresh}"
d="$out/fresh"
record_machine "$d" > /dev/null
bin=build/tools/autogemm/autogemm
for rep in $(seq 1 "${FRESH_REPS:-2}"); do
  AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null)" timeout "${BENCH_TIMEOUT:-280}" "$bin" bench \
    --shapes bench/shapes/offgrid49_s32.txt --mode kernel --layout tn \
    --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec auto \
    --out "$d/fresh_$rep.csv" > "$d/fresh_$rep.log" 2>&1
  echo "== fresh $rep: bench exit $?"
  grep -A4 "^method" "$d/fresh_$rep.log" | head -5
done
tar czf "$out/fresh.tgz" -C "$out" fresh && rm -rf "$d"
