#!/usr/bin/env bash
# Session 33's experiment: before waiting for the previous grid (PDL), the producer asks L2 for
# the first N k-blocks its CTA will load (AUTOGEMM_PDL_PREFETCH=N through AUTOGEMM_JIT_DEFINES),
# so the pipeline's first stages hit L2. gemm()'s own pick, processes alternating off, N = 4 and
# N = 8, on decode.txt, fresh decode-like and fresh middle-class shapes. ON the device.
NAME="${NAME:-pdl_prefetch}" \
  SHAPE_FILES="${SHAPE_FILES:-bench/shapes/decode.txt bench/shapes/decode_like40_s33.txt bench/shapes/offgrid_middle54_s29.txt}" \
  ARMS="${ARMS:-off pf4:AUTOGEMM_JIT_DEFINES=AUTOGEMM_PDL_PREFETCH=4 pf8:AUTOGEMM_JIT_DEFINES=AUTOGEMM_PDL_PREFETCH=8}" \
  PAIRS="${PAIRS:-2}" exec bash "$(dirname "$0")/small_trial_arms.sh"
