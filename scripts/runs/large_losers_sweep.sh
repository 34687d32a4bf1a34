#!/usr/bin/env bash
# What the whole space reaches on the large fresh shapes where gemm()'s timed pick reads lowest
# against cuBLASLt-autotune (notes 207): the default sweep and each shape's fitted specs,
# interleaved with cuBLASLt-autotune nn and tn, one process. Runs ON the device.
# Output: $OUT/losers.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/losers}"
d="$top/losers"
record_machine "$d"
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-500}" spec_bench sweep \
  "${SHAPES:-2124_4544_11208 967_10616_8880 11649_1488_3224 2663_5808_15960 3848_8936_2856 1456_12016_4248 1414_14032_9080 2697_9792_1936}" \
  sweep fitted
tar czf "$top/losers.tgz" -C "$top" losers
