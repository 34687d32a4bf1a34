#!/usr/bin/env bash
# Split N where a 192-row tile should pay (item 190): off-grid shapes whose M is a multiple of
# 192 (384-2304), where 192-row tiles fill a wave that 128- and 256-row tiles leave ragged.
# ON the device, fast protocol, REPS processes (default 2): the H200 table's nearest pick, the best
# of the default sweep, and coopn specs with the row-block epilogue, interleaved with
# cuBLASLt-autotune. Output: $OUT/split_n_offgrid.tgz.
source "$(dirname "$0")/spec_bench.sh"
name=split_n_offgrid
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
shapes="${SHAPES:-576_5120_8192 576_11008_4096 1152_12288_4096 1152_4096_8192 576_16384_4096
  576_8192_8192 384_12288_8192 2304_14336_4096}"
specs=("table:tab=data/nvidia_h200.json" sweep ${SPECS:-192x192x64_s4_c1x1_coopn_persist_r8m_etmar
  192x192x64_s4_c1x2_coopn_persist_r8m_etmar 192x192x64_s4_c2x1_coopn_persist_r8m_etmar
  192x256x64_s3_c1x1_coopn_persist_r8m_etmar 192x128x64_s5_c1x1_coopn_persist_r8m_etmar
  192x128x64_s5_c1x2_coopn_persist_r8m_etmar})
OUT="$d" BENCH_TIMEOUT=280 spec_bench_reps run "$shapes" "${specs[@]}"
tar czf "$out/$name.tgz" -C "$out" "$name"
