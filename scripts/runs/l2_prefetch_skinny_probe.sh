#!/usr/bin/env bash
# L2 prefetch ahead on the memory-bound shapes (notes 202): the producer also prefetches into L2
# what it will load AUTOGEMM_L2_PREFETCH k-blocks later (an experiment switch in gemm.cuh,
# through AUTOGEMM_JIT_DEFINES; item 47 tried it on L2-bound long-K shapes, where it lost).
# Question: do the weight-streaming shapes (skinny M or N with long K, decode) read DRAM closer
# to its peak when each row's next bytes are asked for earlier? Processes alternate the arms
# (off, pf4, pf8, pf16), PAIRS rounds (default 2), with the shipped table's picks and session
# 21's decode picks. Runs ON the device. Output: $OUT/l2_prefetch_skinny.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/l2_prefetch_skinny}"
d="$top/l2_prefetch_skinny"
record_machine "$d"
shapes="${SHAPES:-64_16384_16384 64_12288_16384 64_8192_16384 16384_64_16384 12288_128_8192
  8192_64_12288 1_13824_5120 8_13824_5120 16_5120_13824 32_13824_5120 48_5120_13824 1_5120_5120}"
arms="off pf4:AUTOGEMM_JIT_DEFINES=AUTOGEMM_L2_PREFETCH=4 pf8:AUTOGEMM_JIT_DEFINES=AUTOGEMM_L2_PREFETCH=8
  pf16:AUTOGEMM_JIT_DEFINES=AUTOGEMM_L2_PREFETCH=16"
# shellcheck disable=SC2086
OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms "$arms" "$shapes" "table:tab=data/nvidia_h200.json" \
  "table:dec=bench/shapes/decode_picks_s21.json"
tar czf "$top/l2_prefetch_skinny.tgz" -C "$top" l2_prefetch_skinny
