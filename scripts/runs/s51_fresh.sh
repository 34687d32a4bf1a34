#!/usr/bin/env bash
# gemm()'s own choice (`--spec auto`: table, cost model, first-call trial) on shapes nobody tuned
# or trained on (SHAPES, default bench/shapes/offgrid70_s51.txt: scripts/offgrid_shapes.py 70 5151,
# ten per decade of 2MNK from 1e6 to 1e13, in no other shape file) against cuBLASLt-autotune nn
# and tn (fp16, fp32 accumulation, tn, kernel mode), REPS processes (default 2). ON the device.
# Output: $OUT/fresh_s51/ (CSVs, logs, gpu.txt, cpu.txt), tarred as $OUT/fresh_s51.tgz.
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out fresh_s51)"
bin=build/tools/autogemm/autogemm
for rep in $(seq 1 "${REPS:-2}"); do
  AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null)" timeout "${BENCH_TIMEOUT:-280}" "$bin" bench \
    --shapes "${SHAPES:-bench/shapes/offgrid70_s51.txt}" --mode kernel --layout tn \
    --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec auto \
    --out "$d/fresh_$rep.csv" > "$d/fresh_$rep.log" 2>&1
  echo "== fresh $rep: bench exit $?"
  grep -A4 "^method" "$d/fresh_$rep.log" | head -5
done
tar czf "$OUT/fresh_s51.tgz" -C "$(dirname "$d")" "$(basename "$d")"
