#!/usr/bin/env bash
# Split-K's reduction-pass launch order, A/B (notes 156-159), ON the device. Per set NAME=TABLE
# (SETS; default: this GPU's shipped table; a table may be gzipped), the table's split-pass
# entries as named (tile-major unless "_skpNp") against the same specs piece-major (each "_skpN"
# given its "p"), both as table methods in each of REPS processes (default 2), interleaved with
# cuBLASLt-autotune nn and tn, on the shapes of those entries. E.g. on an H200:
#   SETS="h200=data/nvidia_h200.json" bash scripts/runs/split_order_ab.sh
# then scripts/table_update_confirmed.py --old as --new piece (as in h100_skp_retune_s22.md).
# Session 22's runs switched the order by macro instead, in four one-off scripts now folded into
# this one: split_order_probe.sh (ea5ab5b), split_order_table.sh (844fc5a),
# s22_split_order_check.sh (b37a350), s22_final.sh (bbada65). Output: $OUT/split_order_ab.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/split_order_ab}"
d="$out/split_order_ab"
record_machine "$d"
sets="${SETS:-}"
if [ -z "$sets" ]; then
  case "$(cat "$d/gpu.txt")" in
    *H100*) sets="h100=data/nvidia_h100_80gb_hbm3.json" ;;
    *) sets="h200=data/nvidia_h200.json" ;;
  esac
fi
for set in $sets; do
  name="${set%%=*}"
  python3 - "${set#*=}" "$d/$name" <<'PY'
import re, sys
sys.path.insert(0, "scripts")
from tuning_table import read_table, write_table
table, out = sys.argv[1], sys.argv[2]
t = read_table(table)
split = [e for e in t["entries"] if re.search(r"_skp\d+", e["spec"])]
piece = [dict(e, spec=re.sub(r"(_skp\d+)(?=_|$)", r"\1p", e["spec"])) for e in split]
header = {k: v for k, v in t.items() if k != "entries"}
write_table(out + "_as.json", header, split)
write_table(out + "_piece.json", header, piece)
with open(out + "_shapes.txt", "w") as f:
    f.writelines("%d_%d_%d\n" % (e["m"], e["n"], e["k"]) for e in split)
PY
  shapes="$(tr '\n' ' ' < "$d/${name}_shapes.txt")"
  OUT="$d" BENCH_TIMEOUT=250 spec_bench_reps "$name" "$shapes" \
    "table:as=$d/${name}_as.json" "table:piece=$d/${name}_piece.json"
done
tar czf "$out/split_order_ab.tgz" -C "$out" split_order_ab && rm -rf "$d"
