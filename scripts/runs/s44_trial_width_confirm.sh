#!/usr/bin/env bash
# Prepared in session 43, ON the device (an H200, two calls of ~3-8 min): the confirmation of
# h200_trial_width_s43 (gemm()'s first-call trial at 12 candidates read 0.5-1.2% faster than at 6
# against the tuned picks timed in the same process, while raw times moved 1.3-3.8% between
# processes for the same kernels). Arms: t6 (the default), t12 (AUTOGEMM_AUTOTUNE=12) and t8f4
# (AUTOGEMM_AUTOTUNE=8 AUTOGEMM_TRIAL_FIXED=4: fixed-shape twins won 60-67 of 143 middle trials
# at t12 though only the top two had one, and 12 candidates cost 3.3x the first call,
# h200_first_call_s43). Order t12_2, t8f4_2, t6_1 | t6_2, t8f4_1, t12_1: each arm once in each
# half, the halves in mirror order, so a drift over the run falls on every arm alike. Every process
# also times the shipped cost model's first pick without a trial (`cm`), a fixed reference.
# Two device calls, PART=1 (the first half: the cold JIT cache, ~300 + 100 + 60 s) and PART=2 (the
# second half, ~3 x 60 s if the machine stayed warm, ~450 s on a fresh one); unpack both parts'
# tgz into one folder for the analysis.
# Shapes: off-grid sets in no training store (the B3 arms' sets) and the decode shapes.
# Rule, fixed before the run, for each of t12 and t8f4 against t6 (scripts/arm_class_stats.py
# --ref cm DIR t6 ARM 2 ...): it may become the default only if the middle class gains >= 0.5%
# against `cm` in both pairs and no class loses more than 0.3% in either pair; if both pass, t8f4
# unless t12 gains 0.3% more in the middle class (its first call costs ~2x t8f4's). Predicted:
# t12 middle +0.5-1%, large 0-0.5%; t8f4 middle +0.5-1%, large 0-0.3%; decode +-0.5%.
# Output: $OUT/s44_trial_width_partPART.tgz
source "$(dirname "$0")/spec_bench.sh"
case "${PART:-}" in
  1) order="t12:2 t8f4:2 t6:1" ;;
  2) order="t6:2 t8f4:1 t12:1" ;;
  *) echo "PART=1 or PART=2, one device call each" >&2; exit 2 ;;
esac
ARMS_ORDER="$order" ARMS_TGZ="s44_trial_width_part$PART.tgz" BENCH_TIMEOUT=400 gemm_arms_probe \
  s44_trial_width "t6 t12:AUTOGEMM_AUTOTUNE=12 t8f4:AUTOGEMM_AUTOTUNE=8;AUTOGEMM_TRIAL_FIXED=4" \
  bench/shapes/large_offgrid32_s27.txt bench/shapes/large_offgrid30_s40.txt \
  bench/shapes/offgrid63_s40.txt bench/shapes/offgrid63_s41.txt bench/shapes/decode.txt
