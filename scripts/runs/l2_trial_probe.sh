#!/usr/bin/env bash
# Why gemm()'s trial picks slow kernels for some decode-like weights that fit in L2 (session 35,
# notes 248): 4x8960x2048 (37 MB) ran its PDL pick at 17.6 us against cuBLASLt's 10.7 (s34_next).
# ON the device: gemm()'s pick on the seen losers and on decode_l2_16_s35.txt (fresh) in REPS
# processes (default 2), whose logs now carry every trial candidate's median; then, for the
# LOSERS shapes (default the seen ones), a bench of that shape's trial candidates as named specs,
# the steady state of each, to set against the trial's medians. About 5 minutes. (Its run at
# 4547c7f passed `auto` with the named specs, which the bench refuses; trial_lead_arms_s35.sh
# ran that step.)
# Output: $OUT/l2_trial.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/l2_trial}"
d="$top/l2_trial"
record_machine "$d" > /dev/null
losers="${LOSERS:-4_8960_2048 2_5760_3072 1_6016_2432 4_3968_5120}"
OUT="$d" REPS="${REPS:-2}" spec_bench_reps auto "$losers $(shape_list bench/shapes/decode_l2_16_s35.txt)" auto
for s in $losers; do
  # The trial's candidates, from the first process's reason line ("...; medians in us: A 1.0, B 2.0)").
  specs=$(grep "^$s autogemm: " "$d/auto_1.log" | sed 's/.*medians in us: //; s/)$//' |
    tr ',' '\n' | awk '{print $1}' | sed 's/^sm90_f16f32_tn_//')
  [ -n "$specs" ] || { echo "$s: no trial line"; continue; }
  # shellcheck disable=SC2086
  OUT="$d" BENCH_TIMEOUT=150 spec_bench "cand_$s" "$s" $specs
done
tar czf "$top/l2_trial.tgz" -C "$top" l2_trial
