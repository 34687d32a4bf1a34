#!/usr/bin/env bash
# Session 33's experiment on the producer loading stages in groups (AUTOGEMM_PRODUCER_BURST in
# gemm.cuh through AUTOGEMM_JIT_DEFINES), so that each row's next k-blocks reach DRAM together:
# gemm()'s own pick, processes alternating off, groups of 2 and of 4, on decode.txt, oracle100's
# operand-streaming shapes and fresh decode-like shapes. ON the device. Output: $OUT/burst.tgz.
NAME="${NAME:-burst}" \
  SHAPE_FILES="${SHAPE_FILES:-bench/shapes/decode.txt bench/shapes/decode_like40_s33.txt}" \
  EXTRA_SHAPES="${EXTRA_SHAPES:-16384_64_16384 64_16384_16384 64_12288_16384 64_8192_16384 12288_128_8192 16384_256_16384}" \
  ARMS="${ARMS:-off b2:AUTOGEMM_JIT_DEFINES=AUTOGEMM_PRODUCER_BURST=2 b4:AUTOGEMM_JIT_DEFINES=AUTOGEMM_PRODUCER_BURST=4}" \
  PAIRS="${PAIRS:-2}" exec bash "$(dirname "$0")/small_trial_arms.sh"
