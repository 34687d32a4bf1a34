#!/usr/bin/env bash
# spec_bench_arms (scripts/runs/spec_bench.sh) with spec_bench replaced by a stub that records
# each process's name and the arm variables it sees: the default order, ARMS_ORDER, several
# variables per arm (values with commas and glob characters kept whole), bad ARMS_ORDER entries
# refused before anything runs, and the tgz written after every process; then table_twin_probe
# with spec_bench_reps stubbed. No GPU.
set -u
source "$1/scripts/runs/spec_bench.sh"  # strict mode, and cd to the repository root
set +e
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
log="$work/log"
spec_bench() {  # NAME SHAPES SPEC...: one line per process
  echo "$1 A=${A-unset} B=${B-unset} X=${X-unset}" >> "$log"
}
fail=0
expect() {  # WHAT EXPECTED ACTUAL
  if [ "$2" != "$3" ]; then
    printf 'FAIL %s\n--- expected\n%s\n--- got\n%s\n' "$1" "$2" "$3"
    fail=1
  fi
}

: > "$log"
PAIRS=2 spec_bench_arms "base fit:A=1" "1_2_3" auto
expect "default order" "base_1 A=unset B=unset X=unset
fit_1 A=1 B=unset X=unset
base_2 A=unset B=unset X=unset
fit_2 A=1 B=unset X=unset" "$(cat "$log")"

: > "$log"
ARMS_ORDER="fit:1 base:1 base:2 fit:2" ARM_PREFIX=p_ spec_bench_arms "base fit:A=x,y=1;B=2" "s" auto
expect "ARMS_ORDER, a comma inside a value, two variables" "p_fit_1 A=x,y=1 B=2 X=unset
p_base_1 A=unset B=unset X=unset
p_base_2 A=unset B=unset X=unset
p_fit_2 A=x,y=1 B=2 X=unset" "$(cat "$log")"

: > "$log"
touch "$work/X=zzz"
(cd "$work" && PAIRS=1 spec_bench_arms "g:X=*" "s" auto)
expect "a glob character in a value" "g_1 A=unset B=unset X=*" "$(cat "$log")"

for order in "bse:1 fit:1" "fit" "fit:"; do
  : > "$log"
  ARMS_ORDER="$order" spec_bench_arms "base fit:A=1" "s" auto 2> "$work/err"
  expect "ARMS_ORDER '$order' refused" "2 0" "$? $(wc -c < "$log")"
  grep -q "ARMS_ORDER entry" "$work/err" || { echo "FAIL no message for '$order'"; fail=1; }
done

: > "$log"
mkdir -p "$work/out/run"
OUT="$work/out/run" ARMS_TAR="$work/run.tgz" PAIRS=1 spec_bench_arms "a b" "s" auto
expect "ARMS_TAR written" "run/" "$(tar tzf "$work/run.tgz" | head -1)"
(unset OUT; ARMS_TAR="$work/x.tgz" spec_bench_arms "a" "s" auto 2> /dev/null)
expect "ARMS_TAR without OUT refused" "2" "$?"

# table_twin_probe: the twins' tables and shapes from one PYTHON run per twin, the pickers
# handed to spec_bench_reps; a PYTHON that fails or changes other shapes per twin stops it.
record_machine() { mkdir -p "$1"; echo "NVIDIA H200, 0" > "$1/gpu.txt"; }
spec_bench_reps() { echo "$1 | $2 | ${*:3}" >> "$log"; }
table="$work/t.json"
printf '%s' '{"entries": [{"m": 1, "n": 2, "k": 3, "spec": "s0"}, {"m": 4, "n": 5, "k": 6, "spec": "s1"}]}' \
  > "$table"
: > "$log"
OUT="$work/tw" TWIN_TABLE="$table" table_twin_probe tw b "x y" '
for e in t["entries"]:
    if e["m"] == 4:
        e["spec"] = "new_" + twin
        shapes.append("%d_%d_%d" % (e["m"], e["n"], e["k"]))
' > /dev/null
expect "two twins: one bench with three pickers" \
  "b | 4_5_6 | table:old=$table table:x=$work/tw/tw/x_table.json table:y=$work/tw/tw/y_table.json" \
  "$(cat "$log")"
expect "each twin's table" "new_x new_y" \
  "$(python3 -c "import json; print(' '.join(json.load(open('$work/tw/tw/' + w + '_table.json'))['entries'][1]['spec'] for w in 'xy'))")"
for code in 'raise SystemExit(3)' 'shapes.append(twin)'; do
  : > "$log"
  OUT="$work/tw" TWIN_TABLE="$table" table_twin_probe tw b "x y" "$code" > /dev/null 2>&1
  expect "PYTHON '$code' stops it" "1 0 no" \
    "$? $(wc -c < "$log") $([ -f "$work/tw/tw/shapes.txt" ] && echo yes || echo no)"
done

[ "$fail" = 0 ] && echo "spec_bench_arms: all cases pass"
exit "$fail"
