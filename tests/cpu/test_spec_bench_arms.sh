#!/usr/bin/env bash
# spec_bench_arms (scripts/runs/spec_bench.sh) with spec_bench replaced by a stub that records
# each process's name and the arm variables it sees: the default order, ARMS_ORDER, several
# variables per arm (values with commas and glob characters kept whole), bad ARMS_ORDER entries
# refused before anything runs, and the tgz written after every process. No GPU.
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

[ "$fail" = 0 ] && echo "spec_bench_arms: all cases pass"
exit "$fail"
