#!/usr/bin/env bash
# Fixed-shape twins in the middle class's trial (runtime::with_fixed_twins; notes 218): gemm()'s
# own pick with AUTOGEMM_TRIAL_FIXED=0 (arm `plain`: the model's top six, as before), 2 (`fix2`:
# and the twins of its first two, the new default) and 6 (`fix6`: every candidate's twin), in
# processes alternating the arms (PAIRS, default 2), `--spec auto` interleaved with
# cuBLASLt-autotune nn and tn on SHAPES_FILE (default bench/shapes/offgrid_middle_s31.txt, fresh
# middle-class shapes). Runs ON the device: the GPU tests first (TESTS_RE, NO_TESTS), then the
# model's top 6 of every shape compiled in parallel (the twins compile at each shape's first
# call, before any timing). ARMS replaces the arms. Output: $OUT/trial_fixed.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/trial_fixed}"
d="$top/trial_fixed"
record_machine "$d"
gpu_tests "$d/ctest_gpu.log" "TimedChoiceGpu|DispatchGpu"
shapes_file="${SHAPES_FILE:-bench/shapes/offgrid_middle_s31.txt}"
prebuild_ranked "$shapes_file" 6 "$d/ranked.txt"
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_arms \
  "${ARMS:-plain:AUTOGEMM_TRIAL_FIXED=0 fix2:AUTOGEMM_TRIAL_FIXED=2 fix6:AUTOGEMM_TRIAL_FIXED=6}" \
  "$(shape_list "$shapes_file")" auto
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/trial_fixed.tgz" -C "$top" trial_fixed
