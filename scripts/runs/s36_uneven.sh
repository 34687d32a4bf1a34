#!/usr/bin/env bash
# Session 36, ON the device: multicast slices that are not whole 8-row atoms when split evenly
# (8-row boxes dealt unevenly), which let our kernel run cuBLASLt-autotune's own tiles and
# clusters on skinny shapes (128x72 in 4x1, 64x88 in 4x2, ...).
# 1. The GPU tests of multicast paths (the new uneven case among them).
# 2. Per shape of bench/shapes/mirror_s36.txt: the mirrored specs and the same tiles without a
#    cluster, against cuBLASLt-autotune nn and tn, one process a shape.
# 3. gemm() with uneven clusters in the fitted family (switch AUTOGEMM_FITTED_UNEVEN) and
#    without, processes alternating (PAIRS, default 2), on those shapes and two of
#    s35_next_check's skinny ones, then on bench/shapes/skinny30_s36.txt (ARMS2=0 skips it).
# Output: $OUT/s36_uneven.tgz
# (Its switch AUTOGEMM_FITTED_UNEVEN was removed after the runs: the fitted family keeps even
# slices, so step 3's arms are now alike.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s36_uneven}"
d="$top/s36_uneven"
record_machine "$d" > /dev/null
commit=$(cut -c1-7 build/COMMIT)
[ "${TESTS:-1}" = 1 ] && timeout 200 ctest --test-dir build -L gpu --output-on-failure \
  -R "KernelSweep\.(Uneven|EightCta|SplitKSchedules|Bk32|ScaledEpilogue)" > "$d/ctest_gpu_$commit.log" 2>&1
[ "${TESTS:-1}" = 1 ] && { echo "ctest exit"; tail -n 4 "$d/ctest_gpu_$commit.log"; }
grep -v '^#' bench/shapes/mirror_s36.txt | while read -r shape specs; do
  OUT="$d" BENCH_TIMEOUT=60 spec_bench "mirror_$shape" "$shape" $specs > /dev/null
done
cat "$d"/mirror_*.csv | awk 'NR == 1 || !/^M,/' > "$d/mirror.csv"
shapes="$(grep -v '^#' bench/shapes/mirror_s36.txt | cut -d' ' -f1 | tr '\n' ' ') 3538_80_4656
  139_12960_5864"
PAIRS="${PAIRS:-2}" OUT="$d" BENCH_TIMEOUT=120 spec_bench_arms "off uneven:AUTOGEMM_FITTED_UNEVEN=1" "$shapes" auto
[ "${ARMS2:-1}" = 1 ] && PAIRS="${PAIRS:-2}" ARM_PREFIX=s30_ OUT="$d" BENCH_TIMEOUT=150 spec_bench_arms \
  "off uneven:AUTOGEMM_FITTED_UNEVEN=1" "$(shape_list bench/shapes/skinny30_s36.txt)" auto
tar czf "$top/s36_uneven.tgz" -C "$top" s36_uneven
