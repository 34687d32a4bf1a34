#!/usr/bin/env bash
# Session 34's open checks in one device call (notes, Next): the two GPU cases not yet run
# (TimedChoiceGpu.DecodeLikeProblemsEndTimedAndRight, KernelSweep's 64x40 swap-AB plain launch),
# the L2-half probe (scripts/runs/l2_half_probe.cu, built here with the device's nvcc), and
# gemm() on decode.txt and a fresh decode-like set in two processes. ON the device; about
# 6 minutes. FRESH names the decode-like shape file (default: a new one, seed 3438).
# Output: $OUT/s34_next.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s34_next}"
d="$top/s34_next"
record_machine "$d" > /dev/null
timeout 400 ctest --test-dir build -L gpu -R "TimedChoiceGpu|KernelSweep.RandomShapes" \
  --output-on-failure > "$d/ctest_gpu.log" 2>&1
echo "ctest exit $?"; tail -4 "$d/ctest_gpu.log"
nvcc -O3 -std=c++20 -arch=sm_90a -o "$d/l2_half_probe" scripts/runs/l2_half_probe.cu &&
  timeout 120 "$d/l2_half_probe" 40 > "$d/l2_half_probe.csv" 2> "$d/l2_half_probe.err"
echo "probe exit $?"; cat "$d/l2_half_probe.err"; rm -f "$d/l2_half_probe"
fresh="${FRESH:-$d/decode_like40_fresh.txt}"
[ -s "$fresh" ] || python3 scripts/decode_like_shapes.py 40 3438 > "$fresh"
OUT="$d" REPS=2 spec_bench_reps decode "$(shape_list bench/shapes/decode.txt) $(shape_list "$fresh")" auto
tar czf "$top/s34_next.tgz" -C "$top" s34_next
