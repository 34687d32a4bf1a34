#!/usr/bin/env bash
# Serpentine band order (notes 176), ON the device: every odd band of the grouped tile order
# walks backwards (scheduler.cuh), so a band starts on the B columns (raster m) or A rows (raster
# n) the previous band ended on, which are still in L2. Needs the kernel of 57b5260 (the order
# on, AUTOGEMM_NO_SERPENTINE through AUTOGEMM_JIT_DEFINES for the "off" arm; reverted after the
# runs of bench/results/h200/h200_serpentine_s24.md; the first run, at 5252346, had the opposite
# switch, AUTOGEMM_SERPENTINE, for "on"). Predicted: fewer DRAM reads on multi-band large shapes (items 92, 116:
# ours read 1.5-1.85x cuBLASLt's bytes on 16384x16384x4096), a few tenths of a percent to ~2%
# faster at the power cap; nothing on one-band shapes.
# 1. The kernel sweep's GPU test (every schedule's tiles still all computed); NO_TESTS=1 skips it.
# 2. ncu (NO_NCU=1 skips it): DRAM bytes and time of the H200 table's pick on issue 3's shapes, off and on.
# 3. Processes alternating off/on (PAIRS, default 3), each interleaved with cuBLASLt-autotune nn
#    and tn: the table's picks and three large specs on issue 3's shapes, oracle100's 19 large
#    shapes and 16 more of large187 (seed 24).
# Output: $OUT/serpentine.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-serpentine}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
sw="AUTOGEMM_NO_SERPENTINE"  # set in the "off" arm
if [ -z "${NO_TESTS:-}" ]; then
  timeout 240 ctest --test-dir build -R KernelSweep --output-on-failure > "$d/ctest_sweep_on.log" 2>&1
  echo "ctest KernelSweep: exit $? $(grep -E 'tests passed|tests failed' "$d/ctest_sweep_on.log")"
fi
bin=build/tools/autogemm/autogemm
tab="table:tab=data/nvidia_h200.json"
for shape in $([ -z "${NO_NCU:-}" ] && echo 4096_4096_4096 8192_8192_8192 16384_16384_4096); do
  for arm in off on; do
    defs=""; [ "$arm" = off ] && defs="$sw"
    echo "== $arm $shape" >> "$d/ncu.txt"
    AUTOGEMM_JIT_DEFINES="$defs" timeout 120 ncu --clock-control none --cache-control none \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum \
      -k "regex:autogemm" --launch-skip 3 --launch-count 2 "$bin" bench --mnk "$shape" --rounds 2 \
      --layout tn --methods autogemm --spec "$tab" 2>&1 |
      grep -E "^  [a-zA-Z_]|^\s+(gpu__|lts__|dram__)|ERROR" >> "$d/ncu.txt"
  done
done
[ -f "$d/ncu.txt" ] && grep -E "^==|dram__|gpu__" "$d/ncu.txt"
shapes="${SHAPES:-4096_4096_4096 8192_8192_8192 16384_16384_4096
$(python3 - <<'PY'
s=[l.strip() for l in open('bench/shapes/oracle100.txt') if l.strip() and not l.startswith('#')]
print(' '.join(x for x in s if 2*eval(x.replace('_','*'))>=1e11))
PY
)
512_8192_12288 512_16384_8192 2048_4096_8192 2048_8192_16384 2048_16384_16384 4096_2048_12288
4096_2048_16384 4096_4096_16384 4096_8192_8192 4096_16384_1024 8192_8192_1024 12288_2048_8192
12288_8192_12288 12288_12288_12288 16384_8192_4096 16384_16384_2048}"
specs="${SPECS:-$tab 128x256x64_s4_c2x1_coop_persist_r8m_etma 256x128x64_s4_c1x2_coop_persist_r8m_etmar
128x192x64_s4_c1x1_pp_persist_r8m_etma}"
PAIRS="${PAIRS:-3}" OUT="$d" BENCH_TIMEOUT=240 spec_bench_arms "off:AUTOGEMM_JIT_DEFINES=$sw on" \
  "$shapes" $specs
python3 scripts/ab_stats.py "$d" off on "${PAIRS:-3}" > "$d/ab.txt" 2>&1
python3 scripts/arm_ratio_stats.py "$d" off on "${PAIRS:-3}" table > "$d/arms_vs_cublaslt.txt" 2>&1
grep shapes "$d/arms_vs_cublaslt.txt"
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
