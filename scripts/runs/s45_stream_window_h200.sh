#!/usr/bin/env bash
# Session 45, ON an H200 (~2 min; carry a pack with the CLI, and .device/stream_window_probe built
# here by `nvcc -O3 -std=c++20 -arch=sm_90a -o .device/stream_window_probe
# scripts/runs/stream_window_probe.cu -lcuda`). The H200's streaming ceilings by access pattern
# (h100_stream_window_s33 measured them on an H100 only: one window ~1-2% over per-SM shares, a
# GEMM's walk 2-4% under a dense window), then gemm() and cuBLASLt-autotune on decode.txt and the
# operand-streaming oracle100 shapes below 1.0x in h200_acceptance_s43, in the same lease, so
# each shape's bytes / time reads against the probe's rates.
# Predicted: the probe's dense-window patterns ~4.5-4.7 TB/s, the 108-block walk ~4.0-4.2
# (as our decode GEMMs); if so a decode kernel that keeps every SM in one window is worth
# 5-10% on decode.txt.
# Output: $OUT/s45_stream (window_{1,2}.csv, decode_{1,2}.csv and logs, gpu.txt, cpu.txt)
source "$(dirname "$0")/spec_bench.sh"
d="${OUT:-/tmp/s45_stream}/s45_stream"
record_machine "$d"
for r in 1 2; do
  timeout 120 .device/stream_window_probe > "$d/window_$r.csv" 2> "$d/window_$r.err"
  echo "probe $r exit $?"
done
shapes="$(shape_list bench/shapes/decode.txt) 64_16384_16384 64_8192_16384 64_12288_16384 128_2048_8192 16384_64_16384"
OUT="$d" REPS=2 spec_bench_reps decode "$shapes" auto
tar czf "$d.tgz" -C "$(dirname "$d")" s45_stream
