#!/usr/bin/env bash
# gemm()'s own pick on small problems, processes alternating the arms of an experiment on timing
# on the call (session 32; runtime::long_k_small), each interleaved with cuBLASLt-autotune nn and
# tn, PAIRS rounds (default 2). ON the device. Settings:
#   ARMS         spec_bench_arms words (default "on off:AUTOGEMM_AUTOTUNE=1": as shipped against
#                no timing on the call, which for small problems is the behaviour before 1939cfa)
#   SHAPE_FILES  shape files (default bench/shapes/small_long_k40_s32.txt and small_k512_s32.txt:
#                small problems with K >= 512, none decode-like); EXTRA_SHAPES adds M_N_K words
#   NAME         the output's name (default small_check): $OUT/NAME.tgz
# LAYOUT and BENCH_ARGS (e.g. "--dtype bf16") as spec_bench.sh takes them. The session's runs
# (h200_small_trial_s32.md) used arms whose switches existed from b9dc1c1 to db8dc79 only:
# AUTOGEMM_TRIAL_SMALL_OFF=1 (rule off) and AUTOGEMM_TRIAL_SMALL_K=N (the rule's least K).
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-small_check}"
top="${OUT:-/tmp/$name}"
d="$top/$name"
record_machine "$d" > /dev/null
shapes="${EXTRA_SHAPES:-}"
for f in ${SHAPE_FILES:-bench/shapes/small_long_k40_s32.txt bench/shapes/small_k512_s32.txt}; do
  shapes="$shapes $(shape_list "$f")"
done
OUT="$d" BENCH_TIMEOUT=200 PAIRS="${PAIRS:-2}" \
  spec_bench_arms "${ARMS:-on off:AUTOGEMM_AUTOTUNE=1}" "$shapes" auto
for f in "$d"/*.log; do echo "== $(basename "$f")"; grep -A4 "^method" "$f" | sed -n 2,4p; done
tar czf "$top/$name.tgz" -C "$top" "$name"
