#!/usr/bin/env bash
# Session 35's open checks in one device call (notes, Next), at most ~9.5 minutes ON the device
# (each bench has its timeout; a sweep cut short still writes the shapes it finished):
# 1. gemm()'s picks with the L2 flushed before every timed call (--l2 cold), against
#    cuBLASLt-autotune nn and tn flushed the same way, on the session's L2-sized sets
#    (decode_l2_24_s35.txt, middle_l2_mem24_s35c.txt): where the longer trial or a plain-launch
#    pick gave up PDL's overlap, a cold L2 (a model's real pattern: other layers between two calls
#    of one weight) shows it against cuBLASLt (session 34's picks read 0.990x cold).
# 2. The whole default sweep on 12 skinny memory-bound middle shapes where gemm() reads
#    0.64-0.95x of cuBLASLt (h100_middle_l2_s35, h100_skinny_family_s35): whether the space holds a
#    kernel as fast (then the model's ranking misses it) or not (then the kernel is missing).
# Output: $OUT/s35_next.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s35_next}"
d="$top/s35_next"
record_machine "$d" > /dev/null
OUT="$d" BENCH_ARGS="--l2 cold" BENCH_TIMEOUT=200 REPS=1 spec_bench_reps cold \
  "$(shape_list bench/shapes/decode_l2_24_s35.txt) $(shape_list bench/shapes/middle_l2_mem24_s35c.txt)" auto
# Six shapes a process, so that each stays well under its timeout.
OUT="$d" BENCH_TIMEOUT=250 spec_bench skinny_sweep_a "68_10392_1776 10279_96_1728 173_2944_5816
  141_5264_5384 810_1080_9440 3538_80_4656" sweep
OUT="$d" BENCH_TIMEOUT=250 spec_bench skinny_sweep_b "6866_80_2808 184_15144_1152 68_6400_7880
  115_6528_9824 139_12960_5864 159_4696_4232" sweep
tar czf "$top/s35_next.tgz" -C "$top" s35_next
