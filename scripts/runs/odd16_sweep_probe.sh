#!/usr/bin/env bash
# The whole space on K twins (session 32), ON the device: the default sweep and each shape's
# fitted specs on fresh shapes with K as drawn (odd16: an odd multiple of 16 bytes) and K + 8
# (32-byte sectors), one process; then which specs lose least at odd16. Output: $OUT/sweep.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/odd16_sweep}"
d="$top/sweep"
record_machine "$d" > /dev/null
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-500}" spec_bench sweep \
  "${SHAPES:-16_5680_2056 16_5680_2064 372_3824_2776 372_3824_2784 3675_736_2792 3675_736_2800}" \
  sweep fitted
tail -n 5 "$d/sweep.log"
tar czf "$top/sweep.tgz" -C "$top" sweep
