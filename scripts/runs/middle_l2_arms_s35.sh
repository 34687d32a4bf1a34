#!/usr/bin/env bash
# Session 35: does the middle class's trial misjudge PDL kernels where the operands are L2-sized,
# as the decode-like trial did (h100_trial_lead_s35)? Processes alternating off, long (the longer
# plan: 4 untimed launches, batches of at least 8), twins (plain-launch twins of the candidates)
# and both, through the switch AUTOGEMM_S35_MID (at the commit that ran it only), two pairs, on
# middle_l2_30_s35.txt (fresh) and, as a control, 20 shapes of offgrid_middle_s31.txt.
# ON the device, about 6 minutes. Output: $OUT/middle_l2.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/middle_l2}"
d="$top/middle_l2"
record_machine "$d" > /dev/null
shapes="$(shape_list bench/shapes/middle_l2_30_s35.txt) $(grep -v '^#' bench/shapes/offgrid_middle_s31.txt | head -20 | tr '\n' ' ')"
OUT="$d" PAIRS="${PAIRS:-2}" BENCH_TIMEOUT=400 spec_bench_arms \
  "off long:AUTOGEMM_S35_MID=long twins:AUTOGEMM_S35_MID=twins both:AUTOGEMM_S35_MID=both" "$shapes" auto
tar czf "$top/middle_l2.tgz" -C "$top" middle_l2
