#!/usr/bin/env bash
# ON the device (session 55, experiment S55A; CLI-only pack): gemm() with and without the
# wave-filling candidate drawn from wide swap-AB tiles with row blocks (AUTOGEMM_EXP_S55A=1):
# wide_swap_specs' split-N tiles staged as row blocks in the fewest parts (1-4) that keep their
# ring, and 256-row cooperative tiles (cuBLASLt's 256x144) beside them; and the candidate in the
# trials of upper-middle problems too (2MNK from 1e10 to 1e11, not decode-like), not only large
# ones. On 45 fresh shapes where the switch changes the trial (bench/shapes/wide_swap_rows45_s55.txt,
# chosen offline with `autogemm dispatch` with and without the switch), four processes in mirror
# order (base, rows, rows, base), each with the cost model's first pick `cm` beside `auto`.
# Why: in the row-parts probe (h200_row_parts_s55) 256x144 s4 in halves and 128x288 s4 in
# thirds ran 1.00x of cuBLASLt-autotune on 9210x504x1880 and 4410x984x1880, where gemm() read
# 0.83-0.84x; session 54's wave-filling candidate in upper-middle trials (direct stores, no
# 256-row tiles) gained nothing (+0.02% / -0.23%, h200_wavefit_middle_s54).
# Rule, set before the run: ship (switch removed, on) if gemm()'s geomean against `cm` gains
# >= 0.5% in both pairs. Predicted: +1-3%, 5-20% where the candidate wins.
# Read: python3 scripts/arm_pick_split.py DIR base rows 2 cm '_etmar\d?_swap' SHAPES
# Result (notes 402, h200_wide_swap_rows_s55): +1.03% / +1.30% against `cm`: met; middle class
# +1.7% / +2.0%, large -1.7% (two large shapes lost the direct wide tile that no part count fits;
# the shipped form keeps such tiles direct). Shipped with the switch removed. To rerun the
# comparison, check out the experiment's commit (20bab40).
# Output: $OUT/s55_wide_swap_rows_arms.tgz
source "$(dirname "$0")/spec_bench.sh"
ARMS_ORDER="${ARMS_ORDER:-base:1 rows:1 rows:2 base:2}" gemm_arms_probe s55_wide_swap_rows_arms \
  "base rows:AUTOGEMM_EXP_S55A=1" bench/shapes/wide_swap_rows45_s55.txt
