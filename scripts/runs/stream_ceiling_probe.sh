#!/usr/bin/env bash
# The DRAM streaming ceiling against our streaming GEMMs on one card (notes 230e, 234), ON the
# device: read_bw's fits (the binary built here from scripts/runs/read_bw.cu, carried as
# .device/probes/read_bw), gemm()'s own pick on decode.txt and oracle100's operand-streaming
# shapes against cuBLASLt-autotune, then stream_shapes_probe.sh's specs. Output: $OUT/ceiling.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/ceiling}"
d="$top/ceiling"
record_machine "$d" > /dev/null
timeout 200 ./.device/probes/read_bw > "$d/read_bw.csv" 2> "$d/read_bw.err"
echo "read_bw exit $?"
shapes="$(shape_list bench/shapes/decode.txt) 16384_64_16384 64_16384_16384 64_12288_16384
  64_8192_16384 12288_128_8192 16384_256_16384"
OUT="$d" BENCH_TIMEOUT=200 spec_bench auto "$shapes" auto
OUT="$d" bash scripts/runs/stream_shapes_probe.sh > /dev/null 2>&1
echo "stream exit $?"
tar czf "$top/ceiling.tgz" -C "$top" ceiling
