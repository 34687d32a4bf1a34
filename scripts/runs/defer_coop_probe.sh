#!/usr/bin/env bash
# Session 46 (notes 325), ON an H200 (~3 min): the deferred store (`_defer`: C packed in
# registers, staged and stored under the next tile's first MMAs) on the large cooperative tiles.
# Why: our 256x128 c1x2 runs at cuBLASLt's clock with 3-4% less work per clock than cuBLASLt's
# same tile (h200_energy_ceiling_s46), and its epilogue leaves the tensor cores idle 3.3% of a
# K = 4096 tile; in the interleaved protocols work per clock decides. `_defer` was measured only on
# short K (notes 16: 3-8% slower there, the staging writes taking shared-memory bandwidth).
# Part 1: autogemm trace (alone at the cap) on 12288^2x4096 and 4096^3. Part 2: the bench's fast
# interleaved protocol, two processes, the H200 table's picks beside the specs.
# Predicted: 256x128 c1x2 +1-3% work per clock with _defer, interleaved 0.97-0.98 -> 0.99-1.01 of
# cuBLASLt on the K = 4096 shapes; less where K is long.
# Output: $OUT/defer_coop.tgz.
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out defer_coop)
specs=(256x128x64_s3_c1x2_coop_persist_r8m_etmat_defer 256x128x64_s3_c1x2_coop_persist_r8m_etmat
  256x128x64_s4_c1x2_coop_persist_r8m_etma 128x256x64_s3_c1x1_coop_persist_r16m_etmat_defer
  128x256x64_s4_c1x1_coop_persist_r16m_etma)
for shape in 12288_12288_4096 4096_4096_4096; do trace_specs "$out" "$shape" "${specs[@]}"; done
OUT="$out" BENCH_TIMEOUT=300 spec_bench_reps defer \
  "16384_16384_4096 12288_12288_4096 8192_12288_12288 8192_8192_8192 4096_4096_4096" \
  table:tab=data/nvidia_h200.json "${specs[@]}"
tar czf "${OUT:-/tmp/defer_coop}/defer_coop.tgz" -C "${OUT:-/tmp/defer_coop}" defer_coop
