#!/usr/bin/env bash
# Session 37, ON the device: split-pass GEMMs launched plainly. The H200 table's four split-pass
# `_nopdl` entries ran 9-32% slower as PDL launches (h200_table_pdl_s37). Arm `plain`
# (AUTOGEMM_EXP_SKP_PLAIN, a host switch removed after the runs) launches every split-pass GEMM
# without PDL (its reduction pass still under PDL behind it). gemm()'s pick, processes
# alternating, PAIRS rounds (default 3), on the fresh few_tile_long_k30_s37, oracle100's
# split-pass losers and decode.txt.
# Output: $OUT/s37_skp_plain.tgz
# (Its switch AUTOGEMM_EXP_SKP_PLAIN was removed after the runs (51e569c): the arms now run alike.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s37_skp_plain}"
d="$top/s37_skp_plain"
record_machine "$d" > /dev/null
shapes="$(shape_list bench/shapes/few_tile_long_k30_s37.txt) 512_512_16384 256_1024_16384
  128_2048_8192 1024_1024_12288 1024_512_16384 256_512_12288 $(shape_list bench/shapes/decode.txt)"
PAIRS="${PAIRS:-3}" OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms "off plain:AUTOGEMM_EXP_SKP_PLAIN=1" \
  "$shapes" auto
tar czf "$top/s37_skp_plain.tgz" -C "$top" s37_skp_plain
