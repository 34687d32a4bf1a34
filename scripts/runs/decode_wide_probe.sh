#!/usr/bin/env bash
# Session 33's experiment on a third decode family (a non-swap 64-row tile about one wave wide
# over N): gemm()'s own pick, processes alternating on (as built) and off
# (AUTOGEMM_DECODE_WIDE_OFF=1), on fresh decode-like shapes and decode.txt. ON the device.
NAME="${NAME:-decode_wide}" \
  SHAPE_FILES="${SHAPE_FILES:-bench/shapes/decode_like40_s33.txt bench/shapes/decode_like40_s31.txt bench/shapes/decode.txt}" \
  ARMS="${ARMS:-on off:AUTOGEMM_DECODE_WIDE_OFF=1}" PAIRS="${PAIRS:-3}" \
  AUTOGEMM_LOG=1 exec bash "$(dirname "$0")/small_trial_arms.sh"
