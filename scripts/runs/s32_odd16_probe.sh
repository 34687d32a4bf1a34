#!/usr/bin/env bash
# Session 32, ON the device: K rows at an odd multiple of 16 bytes (K = 8 mod 16, "odd16"; half
# of all N, K multiples of 8). In h200_fresh_s32 gemm() read 0.966x of cuBLASLt-autotune on the
# middle class's odd16 shapes against 1.269x on the others. (1) K twins: six fresh shapes with K
# as drawn (odd16), K + 8 (rows on 32-byte sectors) and K rounded to 64 (128-byte lines), gemm()'s
# pick against cuBLASLt-autotune, two processes; (2) the whole space (default sweep and fitted
# specs) on six odd16 shapes, one process; (3) the latency shapes, processes alternating
# unpinned and pinned to CPU $PIN_CPU (default 3), three pairs.
# Output: $OUT/odd16.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/odd16}"
d="$top/odd16"
record_machine "$d" > /dev/null
pin="${PIN_CPU:-3}"
for rep in 1 2 3; do
  for arm in free pin; do
    run=()
    [ "$arm" = pin ] && run=(taskset -c "$pin")
    OUT="$d" BENCH_TIMEOUT=90 "${run[@]}" bash -c \
      "source scripts/runs/spec_bench.sh; spec_bench latency_${arm}_$rep '64_64_64 64_4096_64 64_64_64' auto" > /dev/null
    echo "== latency $arm $rep"
    grep -E "^64_(64|4096)_64 +(autogemm|cublaslt)" "$d/latency_${arm}_$rep.log"
  done
done
twins="2283_2432_1544 2283_2432_1552 2283_2432_1536 14839_264_3688 14839_264_3696 14839_264_3712
372_3824_2776 372_3824_2784 372_3824_2752 3675_736_2792 3675_736_2800 3675_736_2816
1929_7608_3656 1929_7608_3664 1929_7608_3648 16_5680_2056 16_5680_2064 16_5680_2048"
for rep in 1 2; do
  OUT="$d" BENCH_TIMEOUT=200 spec_bench "ktwins_$rep" "$twins" auto
  grep -A4 "^method" "$d/ktwins_$rep.log" | head -5
done
OUT="$d" BENCH_TIMEOUT=420 spec_bench sweep \
  "2283_2432_1544 14839_264_3688 372_3824_2776 3675_736_2792 8957_264_8632 1929_7608_3656" \
  sweep fitted
tail -n 12 "$d/sweep.log"
tar czf "$top/odd16.tgz" -C "$top" odd16
