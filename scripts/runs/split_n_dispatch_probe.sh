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
gpu_tests "$d/ctest_gpu.log"
dir=bench/results/h200/h200_split_n_s26
sfx="${SUFFIX:-}"
shapes="$(shape_list "$dir/changed_shapes$sfx.txt")"
OUT="$d" BENCH_TIMEOUT=250 spec_bench_reps run "$shapes" "table:before=$dir/picks_before$sfx.json" \
  "table:after=$dir/picks_after$sfx.json"
tar czf "$out/$name.tgz" -C "$out" "$name"
