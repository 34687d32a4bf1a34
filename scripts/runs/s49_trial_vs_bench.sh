#!/usr/bin/env bash
# Prepared in session 48 (notes 349, Next), ON an H200 (~2-3 min; CLI-only pack): does gemm()'s
# first-call trial time its candidates as the bench's loops then run them? Per shape of
# bench/shapes/decode.txt (SHAPES= for another file) and process (REPS, default 3), one bench
# process with `--spec auto` (its log lists the trial's candidates and medians) and `--spec` for
# every candidate `autogemm dispatch` lists for the shape (the same list the trial builds), so
# the trial's reading and the bench's reading of each spec come from one process (the list from
# the H200 table and cost model; GPU_TABLE= names another GPU's, e.g. nvidia_h100_80gb_hbm3).
# Why: in h200_acceptance_s48 the trial read plain-launch twins on 1x5120x5120 at 15.6-15.9 us
# that the bench ran at 17.8-18.4, and h200_s48_noplain_s48 found the twin-to-PDL order moving
# ~5% between processes.
# Then: python3 scripts/trial_vs_bench.py DIR/SHAPE_REP.log DIR/SHAPE_REP.csv ... (the script
# prints the command line with every pair): bench/trial per spec, per kind, and how often a
# twin's order against its PDL form differs between the two readings.
# Predicted: bench/trial near 1.0 for PDL specs and above it (1.03-1.10) for the twins on the
# L2-sized 5120 x 5120 shapes, the order flipping in 20-40% of pairs.
# Output: $OUT/s49_trial_vs_bench.tgz
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out s49_trial_vs_bench)
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
shapes=$(shape_list "${SHAPES:-bench/shapes/decode.txt}")
pairs=()
for rep in $(seq 1 "${REPS:-3}"); do
  for s in $shapes; do
    mapfile -t cands < <("$bin" dispatch --mnk "$s" --layout tn --gpu "${GPU_TABLE:-nvidia_h200}" |
      awk '/^trial:/ { on = 1; next } on && $1 ~ /^sm90_/ { print $1 }')
    # `auto` stands alone among plain specs, so each candidate runs as a picker: a one-entry
    # table holding it for this shape (the CSV's spec column names it).
    mkdir -p "$out/tables"
    python3 - "$s" "$out/tables/$s" "${cands[@]}" <<'PY'
import copy, json, sys
shape, prefix, specs = sys.argv[1], sys.argv[2], sys.argv[3:]
t = json.load(open("data/nvidia_h200.json"))
m, n, k = map(int, shape.split("_"))
for i, spec in enumerate(specs):
    e = copy.deepcopy(t["entries"][0])
    e.update(dtype="fp16", acc="fp32", layout="tn", m=m, n=n, k=k, spec=spec)
    json.dump(dict(t, entries=[e]), open(f"{prefix}_{i}.json", "w"))
PY
    specs=()
    for i in "${!cands[@]}"; do specs+=(--spec "table:c$i=$out/tables/${s}_$i.json"); done
    timeout 120 "$bin" bench --mnk "$s" --layout tn --mode kernel --methods autogemm --spec auto \
      "${specs[@]}" --out "$out/${s}_$rep.csv" > "$out/${s}_$rep.log" 2>&1
    echo "$s process $rep: ${#cands[@]} candidates, bench exit $?"
    pairs+=("$out/${s}_$rep.log" "$out/${s}_$rep.csv")
  done
done
python3 scripts/trial_vs_bench.py "${pairs[@]}" | tee "$out/report.txt" | tail -4
tar czf "$(dirname "$out")/s49_trial_vs_bench.tgz" -C "$(dirname "$out")" "$(basename "$out")"
