#!/usr/bin/env bash
# 16384x16384x4096, the headline shape still under issue 3's 1.03x (notes 209): the table's pick
# against its fixed-shape twin and the five-stage clustered ping-pong tiles (the best spec of one
# process in h200_defer_long_k_s29 §2), REPS processes of 15 rounds, interleaved with
# cuBLASLt-autotune nn and tn; EXTRA adds specs (notes 211: the split-N 192x128 tiles nearest
# cuBLASLt's own pick). Runs ON the device. Output: $OUT/shape16k.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/shape16k}"
d="$top/shape16k"
record_machine "$d"
for rep in $(seq 1 "${REPS:-3}"); do
  OUT="$d" BENCH_ARGS="--rounds 15" spec_bench "s16k_$rep" 16384_16384_4096 \
    table:tab=data/nvidia_h200.json \
    128x160x64_s4_c1x1_pp_persist_r8m_etmar_fix16384x16384x4096 \
    128x160x64_s5_c2x1_pp_persist_r8m_etmar \
    128x160x64_s5_c2x1_pp_persist_r8m_etmar_fix16384x16384x4096 \
    128x160x64_s5_c2x1_pp_persist_r16m_etmar \
    128x160x64_s5_c2x1_pp_persist_r8n_etmar \
    128x192x64_s4_c2x1_pp_persist_r8m_etmar \
    128x192x64_s4_c2x1_pp_persist_r8m_etmar_fix16384x16384x4096 \
    128x176x64_s4_c2x1_pp_persist_r8m_etmar_fix16384x16384x4096 ${EXTRA:-}
done
tar czf "$top/shape16k.tgz" -C "$top" shape16k
