#!/usr/bin/env bash
# Session 37, ON the device: split-pass GEMMs and PDL's early trigger (notes 256's open point).
# Arms (AUTOGEMM_JIT_DEFINES switches, removed after the runs): `early` (AUTOGEMM_EXP_SPLIT_EARLY)
# lets a split-pass GEMM trigger its dependent, always our own reduction pass, right after its
# setup; `rlate` (AUTOGEMM_EXP_REDUCE_LATE) drops the reduction pass's own early trigger, so the
# next call launches as the pass exits; `both`. gemm()'s pick, processes alternating, PAIRS
# rounds (default 3), on the fresh few_tile_long_k30_s37, oracle100's split-pass losers and
# decode.txt.
# Output: $OUT/s37_split.tgz
# (Its switches AUTOGEMM_EXP_SPLIT_EARLY and AUTOGEMM_EXP_REDUCE_LATE were removed after the runs
# (2eb140e): the arms now run alike.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s37_split}"
d="$top/s37_split"
record_machine "$d" > /dev/null
shapes="$(shape_list bench/shapes/few_tile_long_k30_s37.txt) 512_512_16384 256_1024_16384
  128_2048_8192 1024_1024_12288 1024_512_16384 256_512_12288 $(shape_list bench/shapes/decode.txt)"
j=AUTOGEMM_JIT_DEFINES
PAIRS="${PAIRS:-3}" OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms \
  "off early:$j=AUTOGEMM_EXP_SPLIT_EARLY rlate:$j=AUTOGEMM_EXP_REDUCE_LATE both:$j=AUTOGEMM_EXP_SPLIT_EARLY,AUTOGEMM_EXP_REDUCE_LATE" \
  "$shapes" auto
tar czf "$top/s37_split.tgz" -C "$top" s37_split
