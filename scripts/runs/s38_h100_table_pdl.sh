#!/usr/bin/env bash
# ON the device, an H100 only (prepared in session 37; run in session 39, h100_table_pdl_s39): h200_table_pdl_s37 for the
# H100's table. Its 70 plain-launch (`_nopdl`) entries were picked while the kernels triggered
# their dependents early (notes 256, 262). Both tables in one process, interleaved with
# cuBLASLt-autotune (REPS processes, default 2): `old` = data/nvidia_h100_80gb_hbm3.json, `pdl` =
# the same with `_nopdl` dropped (written here, kept in the output). On any other card it records
# the card and stops. Then, on the CPU: scripts/table_update_confirmed.py with run 1 confirming
# and run 2 checking, as h200_table_pdl_s37.md did.
# Output: $OUT/s38_h100_table_pdl.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s38_h100_table_pdl}"
d="$top/s38_h100_table_pdl"
record_machine "$d"
case "$(cat "$d/gpu.txt")" in *H100*) ;; *) echo "not an H100: nothing run"; exit 0 ;; esac
python3 - "$d" <<'PY'
import json, sys
d = sys.argv[1]
t = json.load(open("data/nvidia_h100_80gb_hbm3.json"))
shapes = []
for e in t["entries"]:
    if "_nopdl" in e["spec"]:
        shapes.append(f"{e['m']}_{e['n']}_{e['k']}")
        e["spec"] = e["spec"].replace("_nopdl", "")
json.dump(t, open(f"{d}/nvidia_h100_pdl.json", "w"), indent=0)
open(f"{d}/shapes.txt", "w").write(" ".join(shapes) + "\n")
print(len(shapes), "plain-launch entries")
PY
OUT="$d" BENCH_TIMEOUT=280 spec_bench_reps table_pdl "$(cat "$d/shapes.txt")" \
  table:old=data/nvidia_h100_80gb_hbm3.json table:pdl="$d/nvidia_h100_pdl.json"
tar czf "$top/s38_h100_table_pdl.tgz" -C "$top" s38_h100_table_pdl
