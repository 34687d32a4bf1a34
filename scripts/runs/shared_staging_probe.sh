#!/usr/bin/env bash
# (Ran at 2c9e01e; the shared staging was removed after it: h200_shared_staging_s30.md.)
# One staging block shared by the two ping-pong warpgroups (GemmConfig::kSharedStaging), which
# lets 128x176 and 128x192 run five stages (cuBLASLt-autotune's 16384x16384x4096 kernel is a
# five-stage 128x192 in a 2x1 cluster): issue 3's three headline shapes, the table's picks and
# the best four-stage and five-stage variants before, REPS processes (default 2) interleaved
# with cuBLASLt-autotune nn and tn. Runs ON the device. Output: $OUT/shared_staging.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/shared_staging}"
d="$top/shared_staging"
record_machine "$d"
for rep in $(seq 1 "${REPS:-2}"); do
  OUT="$d" BENCH_ARGS="--rounds 11" spec_bench "headline_$rep" \
    "16384_16384_4096 8192_8192_8192 4096_4096_4096" table:tab=data/nvidia_h200.json \
    128x160x64_s5_c2x1_pp_persist_r8m_etmar \
    128x192x64_s4_c2x1_pp_persist_r8m_etmar \
    128x192x64_s5_c2x1_pp_persist_r8m_etmar \
    128x192x64_s5_c1x1_pp_persist_r8m_etmar \
    128x192x64_s5_c2x1_pp_persist_r16m_etmar \
    128x176x64_s5_c2x1_pp_persist_r8m_etmar \
    128x176x64_s5_c1x1_pp_persist_r8m_etmar
  grep -A5 "^method" "$d/headline_$rep.log" | head -6
done
tar czf "$top/shared_staging.tgz" -C "$top" shared_staging
