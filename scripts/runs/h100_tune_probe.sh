#!/usr/bin/env bash
# Does tuning on the GPU at hand pay on an H100, which serves the H200's table today (notes 124)?
# Tunes a stratified sample of the grid (autogemm shapes --grid cudal2 --sample $SAMPLE --seed 18;
# 26 of its 200 shapes are in oracle100) at budget 32, the H200's cost model screening the
# candidates, for at most TUNE_SECONDS; exports the store's table; then one short bench, gemm()
# alone style (four methods), on the shapes tuned: cuBLASLt-autotune nn and tn, the H200's table,
# the new one. A resumed run (STORE=path of an earlier store) tunes the shapes not yet done;
# EXTRA_SHAPES (shape files) are tuned after the sample.
# ON the device. Output: $OUT/h100_tune.tgz (store, table, logs, bench CSV).
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
source scripts/runs/cublas_libs.sh
bin=build/tools/autogemm/autogemm
out="${OUT:-/tmp/h100_tune}"
st="$out/h100_tune"
mkdir -p "$st"
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
[ -n "${STORE:-}" ] && cp "$STORE" "$st/tune.sqlite"
"$bin" shapes --grid cudal2 --sample "${SAMPLE:-200}" --seed 18 > "$st/shapes.txt"
for f in ${EXTRA_SHAPES:-}; do grep -v '^#' "$f" >> "$st/shapes.txt"; done
t0=$(date +%s)
timeout -k 20 "${TUNE_SECONDS:-400}" "$bin" tune --shapes "$st/shapes.txt" --resume \
  --dtype fp16 --acc fp32 --layout tn --budget 32 --store "$st/tune.sqlite" \
  --cost-model data/nvidia_h200.costmodel.json > "$st/tune.log" 2>&1
echo "tune: exit $? in $(( $(date +%s) - t0 )) s" | tee "$st/SUMMARY"
"$bin" db stats --store "$st/tune.sqlite" | tee -a "$st/SUMMARY"
"$bin" db export --store "$st/tune.sqlite" --out "$st/h100.table.json" 2>&1 | tee -a "$st/SUMMARY"
python3 -c "
import json,sys
t=json.load(open('$st/h100.table.json'))
for e in t['entries']: print(f\"{e['m']}_{e['n']}_{e['k']}\")" > "$st/tuned_shapes.txt"
echo "tuned shapes: $(wc -l < "$st/tuned_shapes.txt")" | tee -a "$st/SUMMARY"
timeout 200 "$bin" bench --shapes "$st/tuned_shapes.txt" --mode kernel --layout tn \
  --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm \
  --spec table:h200=data/nvidia_h200.json --spec "table:h100=$st/h100.table.json" \
  --out "$st/confirm.csv" > "$st/confirm.log" 2>&1
echo "confirm bench: exit $?" | tee -a "$st/SUMMARY"
tar czf "$out/h100_tune.tgz" -C "$out" h100_tune
