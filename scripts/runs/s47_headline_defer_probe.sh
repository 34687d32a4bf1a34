#!/usr/bin/env bash
# ON the device (session 47, notes 332; ~3 min on an H200): issue 3's three shapes, the H200
# table's pick (`tab`) against the cooperative deferred-store family that won 14 short-K entries
# in h200_coop_defer_short_k_s47 (128x256x128 s2 c1x1, three rasters, and in a 1x2 cluster) and
# against 256x128 c1x2 with and without the deferred store (cuBLASLt's tile; at the cap it did
# 3-4% less work per clock than cuBLASLt, h200_energy_ceiling_s46), REPS processes (default 3);
# then 4096^3 alone with the same family compiled for that shape (`_fix4096x4096x4096`).
# Predicted: on 4096^3 the family 0.5-1.5% ahead of the pick (it was +0.7-1.1% in all three
# processes of the short-K run); on 8192^3 and 16384^2x4096 the ping-pong picks stay ahead
# (there the family was 1-2% behind); 256x128 with the deferred store 1-2% ahead of without.
# Output: $OUT/s47_headline_defer.tgz
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out s47_headline_defer)
fam=(128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0_defer
  128x256x128_s2_c1x1_coop_persist_r4m_etma_lag0_defer
  128x256x128_s2_c1x1_coop_persist_r16m_etma_lag0_defer
  128x256x128_s2_c1x2_coop_persist_r8m_etma_lag0_defer)
for rep in $(seq 1 "${REPS:-3}"); do
  OUT="$out" BENCH_TIMEOUT=280 spec_bench "key3_$rep" "$(shape_list bench/shapes/key3.txt)" \
    table:tab=data/nvidia_h200.json "${fam[@]}" \
    256x128x64_s4_c1x2_coop_persist_r16m_etma 256x128x64_s4_c1x2_coop_persist_r16m_etma_defer
  OUT="$out" BENCH_TIMEOUT=200 spec_bench "fix4096_$rep" 4096_4096_4096 \
    table:tab=data/nvidia_h200.json "${fam[@]/%/_fix4096x4096x4096}"
done
tar czf "${OUT:-/tmp/s47_headline_defer}/s47_headline_defer.tgz" -C "$(dirname "$out")" \
  s47_headline_defer
