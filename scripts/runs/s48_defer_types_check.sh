#!/usr/bin/env bash
# Prepared in session 47 (notes 337), ON an H200 (~4-5 min; CLI-only pack): the 53 H200 table
# entries that session 47 changed to the cooperative deferred store were timed in fp16/fp32/tn
# only, but gemm() also serves bf16, fp16 accumulation and layout nn from them (it borrows the
# fp16/fp32/tn entry in the problem's types). Here, on those 53 shapes, the table before the
# change (OLD, default .device/old_h200_table.json; make it on the CPU with
#   git show d442769:data/nvidia_h200.json > .device/old_h200_table.json
# and carry it) against the shipped one, both through `tableborrow:` (as gemm() serves them), in
# three runs: bf16/fp32/tn, fp16/fp16/tn, fp16/fp32/nn, REPS processes each (default 2),
# interleaved with cuBLASLt-autotune nn and tn (in the run's types). Prints per run the geomean
# new/old and the shapes where new is >= 1% slower in every process, and names the shapes where
# either table's spec has no form in the run's types (there tableborrow: has no entry and gemm()
# uses its cost model instead: in nn, 2048x16384x2048 and 16384x4096x4096, whose old 128x160
# tiles have no nn form).
# Predicted: bf16 as fp16 (+2-3% on the changed entries); fp16 accumulation and nn within 1% of it.
# Output: $OUT/s48_defer_types.tgz
source "$(dirname "$0")/spec_bench.sh"
old="${OLD:-.device/old_h200_table.json}"
[ -f "$old" ] || { echo "no old table at $old (see the header)" >&2; exit 2; }
out=$(probe_out s48_defer_types)
shapes=$(python3 - "$old" data/nvidia_h200.json <<'PY'
import json, sys
old, new = (json.load(open(p))["entries"] for p in sys.argv[1:3])
key = lambda e: (e["dtype"], e["acc"], e["layout"], e["m"], e["n"], e["k"])
was = {key(e): e["spec"] for e in old}
print(" ".join("%d_%d_%d" % key(e)[3:] for e in new if was.get(key(e)) not in (None, e["spec"])))
PY
)
[ -n "$shapes" ] || { echo "no entry differs between $old and the shipped table" >&2; exit 2; }
echo "$(wc -w <<< "$shapes") changed entries"
for run in "bf16:fp32:tn" "fp16:fp16:tn" "fp16:fp32:nn"; do
  IFS=: read -r dtype acc layout <<< "$run"
  for rep in $(seq 1 "${REPS:-2}"); do
    OUT="$out" ACC="$acc" LAYOUT="$layout" BENCH_ARGS="--dtype $dtype" BENCH_TIMEOUT=280 \
      spec_bench "${dtype}_${acc}_${layout}_$rep" "$shapes" \
      tableborrow:old="$old" tableborrow:new=data/nvidia_h200.json
  done
done
python3 - "$out" "${REPS:-2}" <<'PY'
import csv, math, sys
out, reps = sys.argv[1], int(sys.argv[2])
for run in ("bf16_fp32_tn", "fp16_fp16_tn", "fp16_fp32_nn"):
    per, lost = [], set()
    for rep in range(1, reps + 1):
        t = {}
        try:
            rows = list(csv.DictReader(open(f"{out}/{run}_{rep}.csv")))
        except OSError as e:
            print(run, "process", rep, "has no results:", e)
            continue
        for r in rows:  # the method column holds the picker's bare name
            t.setdefault((r["M"], r["N"], r["K"]), {})
            if r["status"] == "ok":
                t[(r["M"], r["N"], r["K"])][r["method"]] = float(r["median_us"])
        per.append({s: d["old"] / d["new"] for s, d in t.items() if "old" in d and "new" in d})
        lost |= {s for s, d in t.items() if not ("old" in d and "new" in d)}
    if not per:
        continue
    # A shape without both: an entry whose spec has no form in these types (gemm() then ranks
    # with its cost model), or a failure; named, not counted.
    if lost:
        print(run, "without both picks (not compared):", " ".join("x".join(s) for s in sorted(lost)))
    common = set.intersection(*(set(p) for p in per))
    gms = [math.exp(sum(math.log(p[s]) for s in common) / max(len(common), 1)) for p in per]
    slower = sorted(s for s in common if all(p[s] < 0.99 for p in per))
    print(run, "shapes", len(common), "new/old speed per process", " ".join("%.4f" % g for g in gms),
          "| >= 1% slower in every process:", " ".join("x".join(s) for s in slower) or "none")
PY
tar czf "${OUT:-/tmp/s48_defer_types}/s48_defer_types.tgz" -C "$(dirname "$out")" s48_defer_types
