#!/usr/bin/env bash
# Split N with split-K (notes 174 and 192): cuBLASLt's pick on 512x512x16384 is a 64x128 tile in
# a 2x1 cluster in four pieces with two consumer warpgroups (384 threads), i.e. two warpgroups
# over the tile's columns. Runs ON the device: the kernel sweep's split-K and scaled-epilogue GPU
# tests (which now hold split N with every kind of split-K), then issue 4's few-tile long-K and
# thin losers against the shipped table's pick and the one-consumer control, in REPS processes.
# Output: $OUT/split_n_splitk.tgz (ctest.log, NAME_R.csv/.log, gpu.txt, cpu.txt).
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/runs/spec_bench.sh
top="${OUT:-/tmp/split_n_splitk}"
dir="$top/split_n_splitk"
record_machine "$dir"
gpu_tests "$dir/ctest.log" KernelSweep
shapes="${SHAPES:-512_512_16384 256_1024_16384 1024_512_16384 256_512_12288 128_2048_8192
  1024_1024_12288 512_4096_12288 12288_128_8192 64_16384_16384 64_12288_16384}"
specs="${SPECS:-64x128x64_s8_c2x1_wg1_tiles_r8m_skp4 64x128x64_s8_c2x1_coopn_tiles_r8m_skp4
  64x128x64_s8_c2x1_coopn_tiles_r8m_skp4p 64x128x64_s9_c2x1_coopn_tiles_r8m_skp4
  64x128x64_s8_c1x1_coopn_tiles_r8m_skp4 64x128x64_s8_c1x2_coopn_tiles_r8m_skp4
  64x128x64_s8_c2x1_coopn_tiles_r8m_skp2 64x128x64_s8_c2x1_coopn_tiles_r8m_skp8
  64x128x64_s8_c2x1_coopn_persist_r8m 64x128x64_s8_c2x1_coopn_persist_r8m_sk
  64x256x64_s5_c2x1_coopn_tiles_r8m_skp8 64x256x64_s5_c1x2_coopn_persist_r8m
  128x128x64_s6_c2x1_coopn_tiles_r8m_skp8 128x128x64_s6_c2x1_coopn_persist_r8m_etmar
  128x256x64_s4_c2x1_coopn_persist_r8m_etmar 64x64x64_s8_c2x1_coopn_tiles_r8m_skp4}"
export OUT="$dir"
# shellcheck disable=SC2086
BENCH_TIMEOUT="${BENCH_TIMEOUT:-400}" spec_bench_reps "${NAME:-split_n_splitk}" "$shapes" \
  "table:table=${TABLE:-data/nvidia_h200.json}" $specs
tar czf "$top/split_n_splitk.tgz" -C "$top" split_n_splitk
