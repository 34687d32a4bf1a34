#!/usr/bin/env bash
# (Its switch AUTOGEMM_TRIAL_SMALL_OFF existed from b9dc1c1 to db8dc79 only; it ran at b9dc1c1.)
# Long-K small problems timed on the call (session 32; runtime::long_k_small), ON the device:
# gemm()'s own pick on bench/shapes/small_long_k40_s32.txt (and the small class of
# offgrid49_s32.txt), processes alternating `on` (the rule as built) and `off`
# (AUTOGEMM_TRIAL_SMALL_OFF=1: the model's pick, as before), PAIRS rounds (default 3), each
# interleaved with cuBLASLt-autotune nn and tn. Output: $OUT/small_trial.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/small_trial}"
d="$top/small_trial"
record_machine "$d" > /dev/null
shapes="$(shape_list bench/shapes/small_long_k40_s32.txt) 3_176_2616 6_152_1696 1_1064_2376 11_264_1800 7_104_11000"
OUT="$d" BENCH_TIMEOUT=200 PAIRS="${PAIRS:-3}" spec_bench_arms "on off:AUTOGEMM_TRIAL_SMALL_OFF=1" "$shapes" auto
for f in "$d"/*.log; do echo "== $(basename "$f")"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/small_trial.tgz" -C "$top" small_trial
