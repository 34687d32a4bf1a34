#!/usr/bin/env bash
# Wide tiles in the split pass without the epilogue's spill (notes 177), ON the device.
# write_partial's stores now step one pointer the compiler cannot see through (fixup.cuh);
# before, ptxas computed all 128 addresses of a BN-256 tile up front and spilled them (828 bytes
# a thread; a 14.7k-cycle epilogue on 512x512x16384). AUTOGEMM_NO_OPAQUE_PARTIAL_STORE (through
# AUTOGEMM_JIT_DEFINES) restores the old loop.
# 1. The split-K GPU tests (stream-K, aligned split, reduction pass) with the new stores.
# 2. The few-tile long-K shapes: the H200 table's picks against 128x256 / 256x128 tiles in 8-16
#    pieces (REPS processes, default 2), then traces of two of them on 512x512x16384.
# 3. Old against new stores on the H200 table's split-pass shapes (skp_entries_h200.txt), the
#    table's picks, PAIRS processes each (default 1), to see that the new loop costs nothing.
# Output: $OUT/wide_skp.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-wide_skp}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
p=sm90_f16f32_tn
if [ -z "${NO_TESTS:-}" ]; then
  timeout 200 ctest --test-dir build -R "KernelSweep.(SplitKSchedules|SplitReductionPass)" \
    --output-on-failure > "$d/ctest_split.log" 2>&1
  echo "ctest split-K: exit $? $(grep -E 'tests passed|tests failed' "$d/ctest_split.log")"
fi
shapes="512_512_16384 256_1024_16384 1024_256_16384 128_2048_8192 512_1024_16384 1024_512_16384 256_512_12288"
specs="table:tab=data/nvidia_h200.json 128x256x64_s4_c2x1_coop_tiles_r8m_skp16p
128x256x64_s4_c1x2_coop_tiles_r8m_skp16p 128x256x64_s4_c1x1_coop_tiles_r8m_skp16p
256x128x64_s4_c1x2_coop_tiles_r8m_skp16p 128x256x64_s4_c2x1_coop_tiles_r8m_skp8p
128x256x64_s4_c2x1_coop_tiles_r8m_skp12p 128x192x64_s4_c2x1_coop_tiles_r8m_skp16p"
OUT="$d" BENCH_TIMEOUT=150 REPS="${REPS:-2}" spec_bench_reps long_k "$shapes" $specs
grep -E "^(512_512_16384|128_2048_8192) " "$d/long_k_1.log"
OUT="$d" bash scripts/runs/trace_probe.sh 512_512_16384 ${p}_128x256x64_s4_c2x1_coop_tiles_r8m_skp16p \
  ${p}_128x256x64_s4_c1x1_coop_tiles_r8m_skp16p > /dev/null 2>&1
grep -E "^spec|^plain|^SM clock|mainloop|epilogue|waiting for stages" "$d/trace_512_512_16384.txt"
skp="$(grep -v '^#' bench/shapes/skp_entries_h200.txt | tr '\n' ' ')"
PAIRS="${PAIRS:-1}" OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms \
  "old:AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_OPAQUE_PARTIAL_STORE new" "$skp" table:tab=data/nvidia_h200.json
python3 scripts/arm_ratio_stats.py "$d" old new "${PAIRS:-1}" > "$d/arms_vs_cublaslt.txt" 2>&1
cat "$d/arms_vs_cublaslt.txt"
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
