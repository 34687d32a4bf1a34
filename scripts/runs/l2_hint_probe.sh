#!/usr/bin/env bash
# Needs the switches of 777a459 (reverted after the run; bench/results/h100/h100_l2_hint.md).
# L2 eviction priorities on issue 3's shapes (notes 122). Under ncu our large kernels read up to
# 1.85x cuBLASLt's DRAM bytes with the same tile (notes 116) and none of our copies carries an L2
# hint: C's stores (written once, never read) compete for L2 with the operands. Variants, as
# AUTOGEMM_JIT_DEFINES (ptx.cuh; 1 evict-first, 2 evict-last): v0 none, v1 C first, v2 C first +
# band operand last, v3 v2 + stream operand first, v4 stream operand first.
# Part 1: ncu's DRAM bytes and time, one launch per spec and variant. Part 2: the bench, one
# process per variant, twice in turn, each interleaved with cuBLASLt-autotune nn and tn.
# ON the device. Output: $OUT/l2_hint.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/l2_hint}"
mkdir -p "$out/lh"
declare -A def=([v0]="" [v1]="AUTOGEMM_L2_HINT_C=1"
  [v2]="AUTOGEMM_L2_HINT_C=1,AUTOGEMM_L2_HINT_BAND=2"
  [v3]="AUTOGEMM_L2_HINT_C=1,AUTOGEMM_L2_HINT_BAND=2,AUTOGEMM_L2_HINT_STREAM=1"
  [v4]="AUTOGEMM_L2_HINT_STREAM=1")
variants="${VARIANTS:-v0 v1 v2 v3 v4}"
specs=(128x192x64_s4_c2x1_pp_persist_r8m_etmar 128x256x64_s4_c2x1_coop_persist_r16m_etma
  256x128x64_s4_c1x2_coop_persist_r8m_etmar)
m=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum
prof() {  # VARIANT SHAPE SPEC
  echo "== $1 $2 $3" >> "$out/lh/ncu.txt"
  AUTOGEMM_JIT_DEFINES="${def[$1]}" timeout 90 ncu --clock-control none --metrics $m \
    -k regex:autogemm --launch-skip 2 --launch-count 1 \
    build/tools/autogemm/autogemm bench --mnk "$2" --rounds 1 --methods autogemm \
    --spec "sm90_f16f32_tn_$3" 2>&1 | grep -E "^\s+(gpu__|lts__|dram__)" >> "$out/lh/ncu.txt"
}
for v in $variants; do
  prof $v 16384_16384_4096 256x128x64_s4_c1x2_coop_persist_r8m_etmar
  prof $v 8192_8192_8192 128x192x64_s4_c2x1_pp_persist_r8m_etmar
done
for rep in 1 2; do
  for v in $variants; do
    AUTOGEMM_JIT_DEFINES="${def[$v]}" OUT="$out/lh" BENCH_TIMEOUT=200 spec_bench "l2_hint_${v}_$rep" \
      "16384_16384_4096 8192_8192_8192 4096_4096_4096" "${specs[@]}"
  done
done
tar czf "$out/l2_hint.tgz" -C "$out" lh && rm -rf "$out/lh"
