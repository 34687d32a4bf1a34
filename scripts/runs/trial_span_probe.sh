#!/usr/bin/env bash
# Session 33's experiment on how long the trial on the call times each candidate: gemm()'s own
# pick, processes alternating three arms (as shipped; batches aimed at 100 us instead of 20; at
# least three launches a batch), on decode.txt, fresh decode-like and fresh middle-class shapes.
# ON the device, from a build with the switches AUTOGEMM_TRIAL_SPAN_US and AUTOGEMM_TRIAL_MIN_BATCH.
NAME="${NAME:-trial_span}" \
  SHAPE_FILES="${SHAPE_FILES:-bench/shapes/decode.txt bench/shapes/decode_like40_s31.txt bench/shapes/offgrid_middle54_s29.txt}" \
  ARMS="${ARMS:-base span100:AUTOGEMM_TRIAL_SPAN_US=100 min3:AUTOGEMM_TRIAL_MIN_BATCH=3}" \
  AUTOGEMM_LOG=1 exec bash "$(dirname "$0")/small_trial_arms.sh"
