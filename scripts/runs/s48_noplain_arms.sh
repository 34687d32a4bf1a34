#!/usr/bin/env bash
# Run in session 48 and its switch removed (h200_s48_noplain_s48: `noplain` failed its rule; the
# switch's diff is in that file). As it stands it would time two identical arms.
# Session 48 (notes 349), ON an H200 (~2-3 min; carry the CLI-only pack): gemm()'s pick with the
# shipped trial (arm base) against experiment S48 (switch AUTOGEMM_EXP_S48 in
# src/runtime/timed_choice.cpp): `noplain` gives decode-like problems no plain-launch (`_nopdl`)
# twins in the first-call trial. On decode.txt and decode_l2_24_s35 (24 decode-like shapes whose
# operands are about the L2's size, where the twins were meant to pay), processes in mirror order,
# `cm` (the model's untimed first pick) beside gemm() in every process. Then, in one more process,
# three decode specs gemm()'s trials pick and their plain-launch twins on decode.txt.
# Why: in h200_acceptance_s48 the trial picked `_nopdl` twins on 1x5120x5120 (all three
# processes), 8x13824x5120 and 8x5120x5120, timing them at 15.6-16.2 / 39.5-41.1 us, which the
# bench's loops then ran at 17.8-18.4 / 40.0-42.2 us, 12-16% slower on 1x5120x5120 than its PDL
# picks in session 47 (15.8-16.0).
# Rule, fixed now: `noplain` ships (the twins leave decode-like trials) if gemm() on decode.txt
# gains >= 0.5% over base in every pair (scripts/arm_class_stats.py DIR base noplain 3
# bench/shapes/decode.txt bench/shapes/decode_l2_24_s35.txt) and decode_l2_24_s35 loses no more
# than 0.3% in any pair; else remove the switch.
# Predicted: decode.txt +1-2% (3-4 of 15 shapes 5-15% faster, the rest level), decode_l2_24 level.
# Output: $OUT/s48_noplain.tgz, $OUT/s48_plain_specs.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-noplain:1 base:1 base:2 noplain:2 noplain:3 base:3}" BENCH_TIMEOUT=200 \
  gemm_arms_probe s48_noplain "base noplain:AUTOGEMM_EXP_S48=noplain" \
  bench/shapes/decode.txt bench/shapes/decode_l2_24_s35.txt
out=$(probe_out s48_plain_specs)
OUT="$out" BENCH_TIMEOUT=200 spec_bench specs "$(shape_list bench/shapes/decode.txt)" \
  192x16x64_s8_c1x1_wg3_tiles_r8m_skp4_swap 192x16x64_s8_c1x1_wg3_tiles_r8m_skp4_swap_nopdl \
  128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap 128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap_nopdl \
  64x8x64_s8_c1x1_wg1_persist_r8m_swap 64x8x64_s8_c1x1_wg1_persist_r8m_swap_nopdl
grep -A12 "^method" "$out/specs.log" | head -14
tar czf "$(dirname "$out")/s48_plain_specs.tgz" -C "$(dirname "$out")" "$(basename "$out")"
