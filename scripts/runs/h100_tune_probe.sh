#!/usr/bin/env bash
# Tuning on the GPU at hand (notes 124): an H100 serves the H200's table unless it has its own.
# Tunes SHAPES (shape files, in order; default: a stratified sample of the grid, `autogemm shapes
# --grid cudal2 --sample 200 --seed 18` as bench/shapes/grid200_seed18.txt, 26 of whose shapes
# are in oracle100) at BUDGET
# candidates a shape (default 32), the H200's cost model screening, for at most TUNE_SECONDS;
# a resumed run (STORE= an earlier store) skips shapes done at that budget. Then exports the
# store's table and runs one short bench, gemm() alone style, on the shapes whose pick differs
# from BASE_TABLE's (default data/nvidia_h100_80gb_hbm3.json; all tuned shapes if it is absent):
# cuBLASLt-autotune nn and tn, the H200's table, the new one (CONFIRM=0: no bench, e.g. for
# shapes off the grid that no table holds).
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
if [ -n "${SHAPES:-}" ]; then
  for f in $SHAPES; do grep -v '^#' "$f"; echo; done | grep -v '^$' > "$st/shapes.txt"
else
  grep -v "^#" bench/shapes/grid200_seed18.txt > "$st/shapes.txt"
fi
t0=$(date +%s)
timeout -k 20 "${TUNE_SECONDS:-400}" "$bin" tune --shapes "$st/shapes.txt" --resume \
  --dtype fp16 --acc fp32 --layout tn --budget "${BUDGET:-32}" --store "$st/tune.sqlite" \
  --cost-model data/nvidia_h200.costmodel.json > "$st/tune.log" 2>&1
echo "tune: exit $? in $(( $(date +%s) - t0 )) s" | tee "$st/SUMMARY"
"$bin" db stats --store "$st/tune.sqlite" | tee -a "$st/SUMMARY"
"$bin" db export --store "$st/tune.sqlite" --out "$st/h100.table.json" 2>&1 | tee -a "$st/SUMMARY"
base="${BASE_TABLE:-data/nvidia_h100_80gb_hbm3.json}"
python3 - "$st/h100.table.json" "$base" > "$st/confirm_shapes.txt" <<'PY'
import json, os, sys
new = json.load(open(sys.argv[1]))["entries"]
old = {}
if os.path.exists(sys.argv[2]):
    old = {(e["m"], e["n"], e["k"]): e["spec"] for e in json.load(open(sys.argv[2]))["entries"]}
for e in new:
    if old.get((e["m"], e["n"], e["k"])) != e["spec"]:
        print(f"{e['m']}_{e['n']}_{e['k']}")
PY
echo "shapes to confirm (new or changed picks): $(wc -l < "$st/confirm_shapes.txt")" | tee -a "$st/SUMMARY"
if [ "${CONFIRM:-1}" != 0 ] && [ -s "$st/confirm_shapes.txt" ]; then
  timeout "${CONFIRM_SECONDS:-200}" "$bin" bench --shapes "$st/confirm_shapes.txt" --mode kernel \
    --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm \
    --spec table:h200=data/nvidia_h200.json --spec "table:h100=$st/h100.table.json" \
    --out "$st/confirm.csv" > "$st/confirm.log" 2>&1
  echo "confirm bench: exit $?" | tee -a "$st/SUMMARY"
fi
tar czf "$out/h100_tune.tgz" -C "$out" h100_tune && rm -rf "$st"
