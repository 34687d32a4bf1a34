#!/usr/bin/env bash
# The long-K small-problem trial (runtime::long_k_small) on any GPU, ON the device: gemm()'s own
# pick on bench/shapes/small_long_k40_s32.txt and small_k512_s32.txt (small problems with K >=
# 512, none decode-like), processes alternating `on` (as shipped) and `off` (AUTOGEMM_AUTOTUNE=1:
# no timing on the call, which for these shapes is exactly the behaviour before 1939cfa), PAIRS
# rounds (default 2). Output: $OUT/small_check.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/small_check}"
d="$top/small_check"
record_machine "$d" > /dev/null
OUT="$d" BENCH_TIMEOUT=200 PAIRS="${PAIRS:-2}" spec_bench_arms "on off:AUTOGEMM_AUTOTUNE=1" \
  "$(shape_list bench/shapes/small_long_k40_s32.txt) $(shape_list bench/shapes/small_k512_s32.txt)" auto
for f in "$d"/*.log; do echo "== $(basename "$f")"; grep -A4 "^method" "$f" | sed -n 2,4p; done
tar czf "$top/small_check.tgz" -C "$top" small_check
