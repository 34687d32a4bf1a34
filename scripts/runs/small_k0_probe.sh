#!/usr/bin/env bash
# (Its switch AUTOGEMM_TRIAL_SMALL_K existed from a8a128f to db8dc79 only; run it at db8dc79.)
# Where the long-K rule for small problems should start (session 32), ON the device: gemm()'s own
# pick on bench/shapes/small_short_k_s32.txt (small, K < 512), processes alternating
# `k512` (the rule from K 512: not timed) and `k0` (AUTOGEMM_TRIAL_SMALL_K=0: every small problem timed), PAIRS
# rounds (default 3). Output: $OUT/small_k0.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/small_k0}"
d="$top/small_k0"
record_machine "$d" > /dev/null
OUT="$d" BENCH_TIMEOUT=200 PAIRS="${PAIRS:-3}" spec_bench_arms "k512:AUTOGEMM_TRIAL_SMALL_K=512 k0:AUTOGEMM_TRIAL_SMALL_K=0" \
  "$(shape_list bench/shapes/small_short_k_s32.txt)" auto
for f in "$d"/*.log; do echo "== $(basename "$f")"; grep -A4 "^method" "$f" | sed -n 4p; done
tar czf "$top/small_k0.tgz" -C "$top" small_k0
