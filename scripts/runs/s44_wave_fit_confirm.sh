#!/usr/bin/env bash
# Session 44, ON the device (an H200, one call of ~3-4 min): confirmation of the S44 experiment
# (timed_choice.hpp, AUTOGEMM_EXP_S44=1: a large-class trial also times the spec of the model's
# first 24 whose tiles fill the SMs' waves best, where its fitted_score beats the listed
# candidates' best by 5%). s44_wave_fit_arms.sh found it firing on 12 of 98 large shapes, there
# +1.5-1.8% raw and +0.5-1.0% against `cm` (the other 86: the same candidates, noise), too few
# for its class-wide rule. Here only fresh shapes where it fires offline:
# bench/shapes/large_wavefit32_s44.txt. Arms: base (off) and fit (on), three pairs, order fit_1,
# base_1, base_2, fit_2, fit_3, base_3. Every process also times `cm`, the shipped cost model's
# first pick without a trial, the fixed reference.
# Rule, fixed before the run: on the shapes where the fit arm's logs show the extra candidate
# (7 candidates) in every fit process, gemm()'s time against `cm`, fit over base, must gain >= 0.5%
# pooled over the three pairs and not lose in any pair; then the candidate becomes the default
# (the switch removed). Predicted: +0.5-1.5% against `cm`, +1-2% raw.
# Output: $OUT/s44_wave_fit_confirm.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="fit:1 base:1 base:2 fit:2 fit:3 base:3" BENCH_TIMEOUT=300 gemm_arms_probe \
  s44_wave_fit_confirm "base fit:AUTOGEMM_EXP_S44=1" bench/shapes/large_wavefit32_s44.txt
