#!/usr/bin/env bash
# Timing on the call (runtime/timed_choice.hpp; notes 200): gemm()'s own pick per shape with
# timing on (AUTOGEMM_AUTOTUNE unset: six candidates timed on each shape's first call)
# and off (AUTOGEMM_AUTOTUNE=0: the model's first), in processes alternating the arms (PAIRS,
# default 2), interleaved with cuBLASLt-autotune nn and tn, on SHAPES_FILE (default
# bench/shapes/offgrid63b_s28.txt: shapes no table or training store holds). Runs ON the device:
# the GPU tests first (TESTS_RE, NO_TESTS), then the model's top 6 of every shape compiled in
# parallel (a large shape's other candidates compile at its first call, before any timing).
# ARMS replaces the two arms (spec_bench_arms). Output: $OUT/timed_choice.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/timed_choice}"
d="$top/timed_choice"
record_machine "$d"
gpu_tests "$d/ctest_gpu.log"
shapes_file="${SHAPES_FILE:-bench/shapes/offgrid63b_s28.txt}"
prebuild_ranked "$shapes_file" 6 "$d/ranked.txt"
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_arms "${ARMS:-on off:AUTOGEMM_AUTOTUNE=0}" \
  "$(shape_list "$shapes_file")" auto
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/timed_choice.tgz" -C "$top" timed_choice
