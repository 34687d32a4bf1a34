#!/usr/bin/env bash
# Re-tunes the few-tile long-K grid shapes (bench/shapes/few_tile_long_k.txt) at budget 32 with
# the proposer's split seeds (notes item 95), then times three tables on the shapes of oracle100
# and the seed-13 grid200 sample among them (bench/shapes/few_tile_long_k_eval.txt), interleaved
# with cuBLASLt-autotune nn and tn: the shipped table; "replaced", the shipped table with this
# tuning's pick for every re-tuned shape; "merged", the faster entry per shape by the two
# tunings' own times. Runs ON the device. Output: $OUT/results.tgz (device_job.sh's, plus the
# tables, the store and the tune log), $OUT/summary.txt.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
bin=build/tools/autogemm/autogemm
out="${OUT:-/tmp/split_seed_retune}"
st="$out/retune"
mkdir -p "$st"
export AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
t0=$(date +%s)
timeout -k 20 "${TUNE_SECONDS:-360}" "$bin" tune --shapes bench/shapes/few_tile_long_k.txt \
  --dtype fp16 --acc fp32 --layout tn --budget 32 --store "$st/tune.sqlite" \
  --out-table "$st/fewk.table.json" > "$st/tune.log" 2>&1
echo "tune: exit $? in $(( $(date +%s) - t0 )) s" | tee "$st/SUMMARY"
[ -f "$st/fewk.table.json" ] || "$bin" db export --store "$st/tune.sqlite" --out "$st/fewk.table.json"
"$bin" db stats --store "$st/tune.sqlite" | tee -a "$st/SUMMARY"
"$bin" db merge data/nvidia_h200.json "$st/fewk.table.json" --out "$st/merged.table.json"
python3 - "$st" <<'PY'
import json, sys
st = sys.argv[1]
shipped = json.load(open("data/nvidia_h200.json"))
new = {(e["m"], e["n"], e["k"]): e for e in json.load(open(f"{st}/fewk.table.json"))["entries"]}
shipped["entries"] = [new.get((e["m"], e["n"], e["k"]), e) for e in shipped["entries"]]
json.dump(shipped, open(f"{st}/replaced.table.json", "w"), indent=1)
print(f"replaced {len(new)} entries")
PY
OUT="$out" bash scripts/device_job.sh --no-tests h200_split_seeds_eval_tn \
  "--shapes bench/shapes/few_tile_long_k_eval.txt --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec table:shipped_table=data/nvidia_h200.json --spec table:replaced_table=$st/replaced.table.json --spec table:merged_table=$st/merged.table.json"
tar czf "$out/retune.tgz" -C "$out" retune
