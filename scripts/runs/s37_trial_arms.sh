#!/usr/bin/env bash
# Session 37, ON the device: what the trial built around the early PDL trigger (notes 243-250) is
# worth now that the kernels trigger late (notes 256). AUTOGEMM_EXP_S37 bits drop, for gemm()'s
# trial: 1 the decode-like plain-launch twins, 2 the decode lead launch, 4 the longer plan for
# L2-contested problems, 8 the decode families' `_pf4`, 16 the `_nopdl` of the third decode
# family. Arms (ARMS, default "off all:31 twins:1") alternate in processes, PAIRS rounds
# (default 1, PAIR_FIRST the first round's number), gemm()'s pick interleaved with
# cuBLASLt-autotune, on decode.txt, decode_l2_24_s35, the fresh decode_like24_s37 and
# middle_l2_mem24_s35c.
# Output: $OUT/s37_arms_<first pair>.tgz
# (Its switch AUTOGEMM_EXP_S37 was removed after the runs (2eb140e), which shipped arm pdl3:
# the arms now run alike.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s37_arms}"
first="${PAIR_FIRST:-1}"
d="$top/s37_arms_$first"
record_machine "$d" > /dev/null
shapes="$(shape_list bench/shapes/decode.txt) $(shape_list bench/shapes/decode_l2_24_s35.txt)
  $(shape_list bench/shapes/decode_like24_s37.txt) $(shape_list bench/shapes/middle_l2_mem24_s35c.txt)"
arms=""
for a in ${ARMS:-off all:31 twins:1}; do
  case "$a" in *:*) arms+=" ${a%%:*}:AUTOGEMM_EXP_S37=${a#*:}" ;; *) arms+=" $a" ;; esac
done
for pair in $(seq "$first" $((first + ${PAIRS:-1} - 1))); do
  PAIRS=1 ARM_PREFIX="p${pair}_" OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms "$arms" "$shapes" auto
done
tar czf "$top/s37_arms_$first.tgz" -C "$top" "s37_arms_$first"
