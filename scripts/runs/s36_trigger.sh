#!/usr/bin/env bash
# Session 36, ON the device: PDL's early trigger (griddepcontrol.launch_dependents right after a
# CTA's setup) lets the next call's CTAs onto SMs as they free, so its placement scatters and
# operands of about the L2's size are read from DRAM; a plain launch keeps each CTA on its SM
# (notes 243, 248). Arm `late` (AUTOGEMM_JIT_DEFINES=AUTOGEMM_LATE_TRIGGER) drops the early
# trigger: the next grid still launches under PDL, but only as this one exits.
# 1. Per shape of bench/shapes/mirror_s36.txt: its first (cluster) spec and that spec without PDL,
#    in both arms, one process a shape.
# 2. gemm()'s own pick in both arms, processes alternating (PAIRS, default 2), on the mirror
#    shapes and oracle100's L2-sized losers, then on skinny30_s36 and decode_l2_24_s35.
# Output: $OUT/s36_trigger.tgz
# (Its switch AUTOGEMM_LATE_TRIGGER was removed after the runs: late is now the only behaviour,
# so the arms are now alike.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s36_trigger}"
d="$top/s36_trigger"
record_machine "$d" > /dev/null
late=AUTOGEMM_JIT_DEFINES=AUTOGEMM_LATE_TRIGGER
grep -v '^#' bench/shapes/mirror_s36.txt | while read -r shape spec rest; do
  ARM_PREFIX="spec_${shape}_" PAIRS=1 OUT="$d" BENCH_TIMEOUT=60 spec_bench_arms "off late:$late" \
    "$shape" "$spec" "${spec}_nopdl" > /dev/null
done
shapes="$(grep -v '^#' bench/shapes/mirror_s36.txt | cut -d' ' -f1 | tr '\n' ' ') 128_2048_8192
  512_512_16384 256_1024_16384 4_8960_2048 2_6272_2816 20_6912_2816 1024_1024_4096 2048_2048_1024"
PAIRS="${PAIRS:-2}" OUT="$d" BENCH_TIMEOUT=120 spec_bench_arms "off late:$late" "$shapes" auto
PAIRS="${PAIRS:-2}" ARM_PREFIX=fresh_ OUT="$d" BENCH_TIMEOUT=150 spec_bench_arms "off late:$late" \
  "$(shape_list bench/shapes/skinny30_s36.txt) $(shape_list bench/shapes/decode_l2_24_s35.txt)" auto
tar czf "$top/s36_trigger.tgz" -C "$top" s36_trigger
