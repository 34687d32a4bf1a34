#!/usr/bin/env bash
# Session 22 (notes 153), ON the device. The shipped tables' entries whose spec spills (128x192
# ping-pong with the double-buffered TMA epilogue, etma: 368-372 bytes; notes 150) against their
# etmar twins (row-block TMA epilogue, no spill), each as a table method
# (bench/shapes/spill_{etma,etmar}.json), interleaved with cuBLASLt-autotune nn and tn, on their
# 29 shapes (bench/shapes/spill_etma.txt), in REPS processes (default 2). Predicted: the twins
# within 1-2% (the spill sits in the epilogue, which ping-pong overlaps with the other consumer's
# mainloop). Output: $OUT/spill_twin.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/spill_twin}"
d="$out/spill_twin"
record_machine "$d"
shapes="$(grep -v '^#' bench/shapes/spill_etma.txt | tr '\n' ' ')"
OUT="$d" BENCH_TIMEOUT=250 spec_bench_reps spill_twin "$shapes" \
  "table:etma=bench/shapes/spill_etma.json" "table:etmar=bench/shapes/spill_etmar.json"
tar czf "$out/spill_twin.tgz" -C "$out" spill_twin && rm -rf "$d"
