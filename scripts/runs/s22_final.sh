#!/usr/bin/env bash
# Ran at bbada65, when the field was split_tile_major ("_skpNt", piece-major the default, the
# H200 entries named "t" and the sed below dropping it); now the default is tile-major, "_skpNp"
# piece-major, and the sed adds the "p" (notes 158).
# Session 22 (notes 159), ON the device: the GPU tests after the split-order field (kernel sweep,
# dispatcher, tuner), then the H200 table's 85 split-pass entries (tile-major) against their
# piece-major twins (the same names with "_skpNp"), both as table methods in
# REPS processes (default 2), interleaved with cuBLASLt-autotune nn and tn. On an H100 the second
# part times the H200's picks there. Output: $OUT/s22_final.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s22_final}"
d="$out/s22_final"
record_machine "$d"
timeout 420 ctest --test-dir build -L gpu -R "KernelSweep|DispatchGpu" --output-on-failure \
  > "$d/ctest_gpu.log" 2>&1
echo "ctest exit $?"; grep -E "Test +#|tests passed|tests failed" "$d/ctest_gpu.log"
sed 's/\(_skp[0-9]*\)\([_"]\)/\1p\2/' data/nvidia_h200.json > "$d/h200_piece.json"
shapes="$(grep -v '^#' bench/shapes/skp_entries_h200.txt | tr '\n' ' ')"
for rep in $(seq 1 "${REPS:-2}"); do
  OUT="$d" BENCH_TIMEOUT=150 spec_bench "h200_skp_order_$rep" "$shapes" \
    "table:tile=data/nvidia_h200.json" "table:piece=$d/h200_piece.json" > /dev/null
  grep -A4 "^method" "$d/h200_skp_order_$rep.log" | head -5
done
tar czf "$out/s22_final.tgz" -C "$out" s22_final && rm -rf "$d"
