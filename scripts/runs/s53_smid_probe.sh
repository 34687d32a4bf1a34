#!/usr/bin/env bash
# ON the device (session 53, notes 387): does a one-wave split grid keep its plain-launch speed
# under PDL when each CTA takes its piece from its SM? scripts/runs/smid_map.cu records where a
# plain launch puts CTA b (one per SM); the experiment switch AUTOGEMM_SMID_MAP (scheduler.cuh,
# through AUTOGEMM_JIT_DEFINES) makes a one-CTA split-pass CTA on SM s take the piece the plain
# launch would have put there. Only grids of exactly one CTA per SM are valid under the switch
# (no claim: a grid of fewer CTAs would leave pieces undone), so the shapes hold 33 tiles of
# 64x128 (or 128x128) in 4 pieces = 132 CTAs. Arms in mirror order off on on off, each one bench
# with cuBLASLt-autotune nn and tn. Predicted: PDL with the map 3-8% under the plain launch (the
# launch gap and prologue hidden); without the map PDL ~25% slower (s52 section 2).
# The switch was a temporary edit, never committed (the kernel's split-pass scheduler read its
# first piece from the hex map by %smid, and the partial's slot from that piece instead of
# blockIdx.x); the `_smid` spec field replaced it (notes 387). As run, this script
# needs that edit; results: bench/results/h200/h200_smid_s53/probe.
# Output: $OUT/smid_probe.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out smid_probe)"
nvcc -arch=sm_90a -o "$top/smid_map" scripts/runs/smid_map.cu || exit 1
map="$("$top/smid_map" 2> "$top/smid_map.txt")" || { cat "$top/smid_map.txt"; exit 1; }
echo "$map" >> "$top/smid_map.txt"
head -c 300 "$top/smid_map.txt"; echo
s64="64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p 64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p_nopdl
64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p 64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_nopdl"
s128="128x128x64_s6_c1x1_coop_tiles_r8m_skp4p 128x128x64_s6_c1x1_coop_tiles_r8m_skp4p_nopdl
128x128x64_s6_c1x1_coop_tiles_r1n_skp4p 128x128x64_s6_c1x1_coop_tiles_r1n_skp4p_nopdl"
for run in off:1 on:1 on:2 off:2; do
  arm="${run%%:*}" n="${run##*:}"
  defs=""
  [ "$arm" = on ] && defs="AUTOGEMM_SMID_MAP=\"$map\""
  AUTOGEMM_JIT_DEFINES="$defs" OUT="$top" BENCH_TIMEOUT=200 spec_bench "t64_${arm}_$n" \
    "192_1408_16384 704_384_16384 192_1408_8192 704_384_8192" $s64
  AUTOGEMM_JIT_DEFINES="$defs" OUT="$top" BENCH_TIMEOUT=200 spec_bench "t128_${arm}_$n" \
    "384_1408_16384 384_1408_8192" $s128
  grep -A10 "^method" "$top/t64_${arm}_$n.log" | head -11
  grep -c ",ok$" "$top/t64_${arm}_$n.csv" "$top/t128_${arm}_$n.csv"
  grep -v ",ok$" "$top/t64_${arm}_$n.csv" "$top/t128_${arm}_$n.csv" | grep -v "^.*:M," | head -5
done
tar czf "$OUT/smid_probe.tgz" -C "$(dirname "$top")" "$(basename "$top")"
