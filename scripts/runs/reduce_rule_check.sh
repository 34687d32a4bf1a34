#!/usr/bin/env bash
# The reduction pass's placement rule of notes 178 on shapes no run has chosen for (notes 180),
# ON the device: gemm()'s own picks (--spec auto) on 48 fresh decode-like shapes
# (decode_like48_s24.txt) and 63 fresh off-grid shapes (offgrid63_s24.txt), processes
# alternating the old rule (AUTOGEMM_SPLIT_REDUCE_RULE=old, needs the build of 218d9dd;
# the switch was removed after bench/results/h200/h200_reduce_rule_s24.md) and
# the new, PAIRS rounds (default 2), each interleaved with cuBLASLt-autotune nn and tn.
# Output: $OUT/reduce_rule.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-reduce_rule}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
shapes="$(grep -hv '^#' bench/shapes/decode_like48_s24.txt bench/shapes/offgrid63_s24.txt | tr '\n' ' ')"
OUT="$d" BENCH_TIMEOUT=240 spec_bench_arms "old:AUTOGEMM_SPLIT_REDUCE_RULE=old new" "$shapes" auto
python3 scripts/arm_ratio_stats.py "$d" old new "${PAIRS:-2}" > "$d/arms_vs_cublaslt.txt" 2>&1
python3 scripts/ab_stats.py "$d" old new "${PAIRS:-2}" > "$d/ab.txt" 2>&1
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
