#!/usr/bin/env bash
# A cluster without multicast (notes 198): every CTA of a 2x1 / 1x2 / 4x1 cluster loads its own A
# and B tiles whole (AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_MULTICAST, an experiment switch in gemm.cuh
# and tensor_maps.cpp), so the cluster only places its CTAs in one GPC at one time. Question:
# does the L2 request coalescer merge the pair's identical requests (as it merges cuBLASLt's A
# requests on 512x512x16384, notes 174) without multicast's coupling (a stage is refilled only
# once every CTA of the group freed it)? Runs ON the device: the split-K GPU tests not yet run
# (session 27's three cases), then processes alternating the arms (mc: as shipped; nomc: the
# switch) on the few-tile long-K losers with split specs and on the headline large shapes with
# large specs, the shipped table's pick in both. Output: $OUT/no_multicast.tgz.
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/runs/spec_bench.sh
top="${OUT:-/tmp/no_multicast}"
dir="$top/no_multicast"
record_machine "$dir"
gpu_tests "$dir/ctest.log" "KernelSweep.(SplitKSchedules|ScaledEpilogue|SplitReductionPass)"
export OUT="$dir"
arms="mc nomc:AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_MULTICAST"
few="${FEW_SHAPES:-512_512_16384 256_1024_16384 1024_512_16384 128_2048_8192 1024_1024_12288
  512_4096_12288}"
few_specs="${FEW_SPECS:-64x128x64_s8_c2x1_wg1_tiles_r8m_skp4p 128x64x64_s8_c1x2_coop_tiles_r8m_skp4p
  128x128x64_s7_c4x1_coop_tiles_r16n_skp7p 128x128x64_s7_c2x1_coop_tiles_r8m_skp8p}"
large="${LARGE_SHAPES:-4096_4096_4096 8192_8192_8192 16384_16384_4096}"
large_specs="${LARGE_SPECS:-128x256x64_s4_c2x1_coop_persist_r8m_etma
  256x128x64_s4_c1x2_coop_persist_r8m_etma 128x192x64_s4_c2x1_pp_persist_r8m_etmar}"
table="table:table=${TABLE:-data/nvidia_h200.json}"
# shellcheck disable=SC2086
[ -z "${NO_FEW:-}" ] && ARM_PREFIX=few_ BENCH_TIMEOUT=200 spec_bench_arms "$arms" "$few" \
  "$table" $few_specs
# shellcheck disable=SC2086
[ -z "${NO_LARGE:-}" ] && ARM_PREFIX=large_ BENCH_TIMEOUT=200 spec_bench_arms "$arms" "$large" \
  "$table" $large_specs
tar czf "$top/no_multicast.tgz" -C "$top" no_multicast
