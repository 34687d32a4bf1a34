#!/usr/bin/env bash
# The deferred store on long K (notes 205): a cooperative tile's C waits in registers and is
# staged under the next tile's first MMAs. Measured only on short K before (notes 16: slower
# there, its staging competing with the operand reads); on the headline shapes (K 4096-8192)
# the exposed epilogue is what the cooperative tiles lose per clock to ping-pong. Two processes
# of the three headline shapes: gemm()'s table picks, the deferred cooperative tiles, their
# plain twins and the ping-pong tiles, interleaved with cuBLASLt-autotune nn and tn.
# ON the device. Output under $OUT/defer.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/defer_probe}/defer"
record_machine "$out"
OUT="$out" BENCH_TIMEOUT="${BENCH_TIMEOUT:-280}" REPS="${REPS:-2}" spec_bench_reps defer \
  "4096_4096_4096 8192_8192_8192 16384_16384_4096" table:tab=data/nvidia_h200.json \
  128x192x64_s4_c2x1_coop_persist_r8m_etmat_defer \
  128x192x64_s4_c1x1_coop_persist_r8m_etmat_defer \
  128x192x64_s4_c2x1_coop_persist_r8m_etmat \
  128x256x64_s3_c2x1_coop_persist_r8m_etmat_defer \
  256x128x64_s3_c1x2_coop_persist_r8m_etmat_defer \
  128x256x64_s4_c2x1_coop_persist_r8m_etma \
  256x128x64_s4_c1x2_coop_persist_r8m_etma \
  128x192x64_s4_c2x1_pp_persist_r8m_etmar \
  128x192x64_s4_c1x1_pp_persist_r8m_etmar
