#!/usr/bin/env bash
# The large shapes under the two interleaved protocols (notes 185), ON the device: the fast one
# (7 rounds of ~0.5 ms loops, one call per loop on these shapes; what every result so far used)
# and the sustained one (--benchmark_seconds 2: 50 ms loops, each method at least 2 s per shape),
# where the card sits at its power cap and the kernel that spends the least energy per flop wins.
# Notes 183-184 (an H100): the table's ping-pong picks run at 1.00x of cuBLASLt-autotune in the
# fast protocol and 0.93-0.97x in the sustained one. Here: which of our large specs lead in each.
# REPS processes of each (default 2), fast_R and sus_R, with the picks of TABLE (default the H200's)
# and SPECS; SUS_SECONDS sets the sustained protocol's seconds per method and shape (default 2).
# Output: $OUT/sustained.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-sustained}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
shapes="${SHAPES:-4096_4096_4096 8192_8192_8192 16384_16384_4096 16384_4096_12288 4096_8192_12288}"
specs=("table:tab=${TABLE:-data/nvidia_h200.json}" ${SPECS:-128x256x64_s4_c2x1_coop_persist_r8m_etma
  128x256x64_s4_c1x2_coop_persist_r8m_etma 256x128x64_s4_c1x2_coop_persist_r8m_etma
  256x128x64_s4_c2x1_coop_persist_r8m_etma 192x192x64_s3_c2x1_wg3_persist_r8m_etma
  128x256x64_s4_c2x2_coop_persist_r8m_etma 128x192x64_s4_c1x1_pp_persist_r8m_etmar
  128x256x64_s4_c1x1_coop_persist_r8m_etma})
for rep in $(seq 1 "${REPS:-2}"); do
  OUT="$d" spec_bench "fast_$rep" "$shapes" "${specs[@]}"
  OUT="$d" BENCH_ARGS="--benchmark_seconds ${SUS_SECONDS:-2}" BENCH_TIMEOUT=500 \
    spec_bench "sus_$rep" "$shapes" "${specs[@]}"
done
for f in "$d"/*_[0-9].log; do grep -E "rror|fail" "$f" | head -3; done
python3 scripts/arm_ratio_stats.py "$d" fast sus "${REPS:-2}" > "$d/ratio.txt" 2>&1
cat "$d/ratio.txt"
tar czf "$out/$name.tgz" -C "$out" "$name"
