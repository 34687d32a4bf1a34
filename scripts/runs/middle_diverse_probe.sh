#!/usr/bin/env bash
# Timing on the call in the middle class (notes 208): the model's top six (arm `top`) against
# its top three and then the best-ranked spec of each structure not yet among them (arm `div`,
# AUTOGEMM_TRIAL_DIVERSE=1, an experiment switch that exists at 394cd68 only), processes
# alternating (PAIRS, default 2), `--spec auto` interleaved with cuBLASLt-autotune nn and tn on
# SHAPES_FILE. Runs ON the device.
# Output: $OUT/diverse.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/diverse}"
d="$top/diverse"
record_machine "$d"
shapes_file="${SHAPES_FILE:-bench/shapes/offgrid_middle54_s29.txt}"
prebuild_ranked "$shapes_file" 12 "$d/ranked.txt"
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_arms "top div:AUTOGEMM_TRIAL_DIVERSE=1" \
  "$(shape_list "$shapes_file")" auto
tar czf "$top/diverse.tgz" -C "$top" diverse
