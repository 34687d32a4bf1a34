#!/usr/bin/env bash
# Session 35: trial families beside the model's six instead of in place of its lower half
# (h100_skinny_family_s35: there the families displaced the fast fifth and sixth). Switches at
# the commit that ran this only: AUTOGEMM_S35_SKINNY (swap-AB tiles covering M, memory-bound
# M 65-256) on skinny_mem24_s35.txt and five seen skinny shapes; AUTOGEMM_S35_DECODE_BESIDE (the
# decode families after the six) on decode.txt and decode_l2_24_s35.txt. Processes alternating
# off and the arm, two pairs each. ON the device, about 3 minutes. Output: $OUT/beside.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/beside}"
d="$top/beside"
record_machine "$d" > /dev/null
OUT="$d" ARM_PREFIX=sk_ PAIRS=2 BENCH_TIMEOUT=300 spec_bench_arms "off skinny:AUTOGEMM_S35_SKINNY=1" \
  "$(shape_list bench/shapes/skinny_mem24_s35.txt) 68_10392_1776 173_2944_5816 141_5264_5384 149_4112_5024 159_4696_4232" auto
OUT="$d" ARM_PREFIX=dec_ PAIRS=2 BENCH_TIMEOUT=300 spec_bench_arms "off beside:AUTOGEMM_S35_DECODE_BESIDE=1" \
  "$(shape_list bench/shapes/decode.txt) $(shape_list bench/shapes/decode_l2_24_s35.txt)" auto
tar czf "$top/beside.tgz" -C "$top" beside
