#!/usr/bin/env bash
# The dispatcher's picks before and after split N joined the sweep and the fitted family
# (item 190), ON the device: the off-grid shapes whose pick changed, both pick lists as tables,
# fast protocol, REPS processes (default 2), interleaved with cuBLASLt-autotune. GPU tests first
# unless NO_TESTS. SUFFIX picks another pick set of that folder (_gated: split N ranked only for
# K >= 1024). Output: $OUT/split_n_dispatch.tgz.
source "$(dirname "$0")/spec_bench.sh"
name=split_n_dispatch
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
if [ -z "${NO_TESTS:-}" ]; then
  timeout 420 ctest --test-dir build -L gpu --output-on-failure > "$d/ctest_gpu.log" 2>&1
  echo "ctest exit $?"
  tail -4 "$d/ctest_gpu.log"
fi
dir=bench/results/h200/h200_split_n_s26
sfx="${SUFFIX:-}"
shapes="$(grep -v '^#' "$dir/changed_shapes$sfx.txt" | tr '\n' ' ')"
OUT="$d" BENCH_TIMEOUT=250 spec_bench_reps run "$shapes" "table:before=$dir/picks_before$sfx.json" \
  "table:after=$dir/picks_after$sfx.json"
tar czf "$out/$name.tgz" -C "$out" "$name"
