#!/usr/bin/env bash
# Split-pass clusters numbered so that each GPC gets a run of neighbouring items (notes 168), ON
# the device: the switch AUTOGEMM_SPLIT_GPC_INTERLEAVE=8 (through AUTOGEMM_JIT_DEFINES) gives
# cluster c the item g*q + min(g, r) + c/8 (g = c mod 8, q and r the quotient and remainder of the
# item count by 8), so that the clusters the hardware puts in one GPC (c mod 8, without PDL; notes
# 65) work on one k-slice of neighbouring tiles, whose A rows and B columns the L2's request
# coalescer can then merge (notes 60-66). Few-tile long-K shapes, split-pass specs with and
# without PDL and the H200 table's picks; processes alternate without and with the switch
# (PAIRS, default 2), each interleaved with cuBLASLt-autotune nn and tn; SPECS, SHAPES and NAME
# (default split_gpc) override. Output: $OUT/NAME.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-split_gpc}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
# The split-pass GPU test first: the partial's slot now comes from the item, not blockIdx.x.
if [ -x build/tests/gpu/test_kernel_sweep ]; then
  ctest --test-dir build -L gpu -R "KernelSweep.SplitReductionPass" --output-on-failure \
    > "$d/ctest_split.log" 2>&1
  grep -E "Test +#|tests passed" "$d/ctest_split.log"
fi
shapes="${SHAPES:-512_512_16384 512_256_16384 512_512_8192 1024_256_16384 512_512_12288 256_1024_8192
128_2048_8192 256_1024_16384 1024_512_16384 256_512_12288 1024_1024_16384 64_1024_16384}"
specs="${SPECS:-64x128x64_s8_c2x1_wg1_tiles_r8m_skp4p 64x128x64_s8_c2x1_wg1_tiles_r8m_skp4p_nopdl
64x128x64_s9_c4x1_wg1_tiles_r8m_skp3p 64x128x64_s9_c4x1_wg1_tiles_r8m_skp3p_nopdl
128x128x64_s6_c2x1_coop_tiles_r8m_skp8p 128x128x64_s6_c2x1_coop_tiles_r8m_skp8p_nopdl
64x64x64_s8_c1x1_wg1_tiles_r8m_skp8p 64x64x64_s8_c1x1_wg1_tiles_r8m_skp8p_nopdl
64x128x64_s8_c1x2_wg1_tiles_r8m_skp4p_nopdl table:tab=data/nvidia_h200.json}"
OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms \
  "off on:AUTOGEMM_JIT_DEFINES=AUTOGEMM_SPLIT_GPC_INTERLEAVE=8" "$shapes" $specs
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
