#!/usr/bin/env bash
# Session 22 (notes 151, 154), ON the device: the GPU tests of gemm()'s paths after the review's
# fixes to the call memo, `autogemm overhead` on 64x64x64 (the table's pick), and the spilling
# entries against their twins again (spill_twin_probe.sh: on an H100 it decides the H100 table's
# five). Output: $OUT/s22_memo_check.tgz (and spill_twin.tgz).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s22_memo_check}"
d="$out/s22_memo_check"
record_machine "$d"
timeout 300 ctest --test-dir build -L gpu -R "DispatchGpu|FirstSightGpu|KernelSweep.(BadInput|Scaled)" \
  --output-on-failure > "$d/ctest_gpu.log" 2>&1
echo "ctest exit $?"; grep -E "Test +#|tests passed|tests failed" "$d/ctest_gpu.log"
build/tools/autogemm/autogemm overhead --spec sm90_f16f32_tn_64x128x64_s4_c1x1_wg1_tiles_r8m_etmat \
  --out "$d/overhead_64x64x64.csv" > "$d/overhead_64x64x64.log" 2>&1
cat "$d/overhead_64x64x64.log"
tar czf "$out/s22_memo_check.tgz" -C "$out" s22_memo_check && rm -rf "$d"
OUT="$out" bash scripts/runs/spill_twin_probe.sh
