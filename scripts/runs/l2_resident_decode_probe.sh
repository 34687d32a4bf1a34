#!/usr/bin/env bash
# Decode-like shapes whose weight fits in L2 (under ~45 MB of the H100/H200's 50 MB), where
# cuBLASLt-autotune reads 3.0-3.5 TB/s in kernel mode (L2 warm: the weight stays from one call
# to the next) and gemm()'s pick 2.2-2.5 (h100_decode_pf_family_s34). ON the device: the whole
# sweep, then gemm()'s own pick, each in REPS processes (L2 warm), then gemm()'s pick with --l2 cold,
# each interleaved with cuBLASLt-autotune nn and tn. SHAPES overrides the shapes (M_N_K words).
# Output: $OUT/l2_resident_decode.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/l2_resident_decode}"
d="$top/l2_resident_decode"
record_machine "$d" > /dev/null
shapes="${SHAPES:-11_3584_5632 20_6912_2816 36_9600_2176 49_3712_8832 2_3712_5760 52_4992_2560
  4_2816_7296 9_3968_6912 1_7040_2176 8_12160_2688 16_4096_4096 32_2048_8192}"
OUT="$d" BENCH_TIMEOUT=280 REPS="${REPS:-2}" spec_bench_reps sweep "$shapes" sweep
OUT="$d" REPS="${REPS:-2}" spec_bench_reps auto "$shapes" auto
OUT="$d" BENCH_ARGS="--l2 cold" REPS=1 spec_bench_reps cold "$shapes" auto
tar czf "$top/l2_resident_decode.tgz" -C "$top" l2_resident_decode
