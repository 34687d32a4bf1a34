#!/usr/bin/env bash
# Session 35's trial arms (h100_trial_lead_s35): a decode-like trial's untimed lead launches and
# timed batch, through the switch AUTOGEMM_TRIAL_X=LEAD,BATCH (lead, and at least that batch),
# which existed only in the uncommitted build of 4547c7f that ran it; then, for five shapes, each
# of the trial's candidates (from the off arm's reason line) as a named spec, back to back. ON
# the device, about 2 minutes. Output: $OUT/s35_lead.tgz
source scripts/runs/spec_bench.sh
top="$OUT"; d="$top/s35_lead"; record_machine "$d" > /dev/null
shapes="4_8960_2048 2_5760_3072 1_6016_2432 4_3968_5120 $(shape_list bench/shapes/decode_l2_16_s35.txt) $(shape_list bench/shapes/decode.txt)"
OUT="$d" PAIRS=2 spec_bench_arms "off lead4:AUTOGEMM_TRIAL_X=4,0 b8:AUTOGEMM_TRIAL_X=1,8 l4b8:AUTOGEMM_TRIAL_X=4,8" "$shapes" auto
echo arms done
for s in 4_8960_2048 2_5760_3072 4_3968_5120 2_6272_2816 2_6272_2944; do
  specs=$(grep -h "^$s autogemm: " "$d"/off_1.log | head -1 | sed 's/.*medians in us: //; s/)$//' |
    tr ',' '\n' | awk '{print $1}' | sed 's/^sm90_f16f32_tn_//')
  [ -n "$specs" ] || { echo "$s: no trial line"; continue; }
  OUT="$d" BENCH_TIMEOUT=150 spec_bench "cand_$s" "$s" $specs
done
tar czf "$top/s35_lead.tgz" -C "$top" s35_lead
