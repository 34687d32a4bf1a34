#!/usr/bin/env bash
# Issue 4's untimed choices and dtypes, ON the device:
#  - the GPU tests but the four KernelSweep tests that passed at b9e662e (the device code is
#    unchanged since: ctest_gpu_sweep_b9e662e.log), among them the two that run cut off;
#  - bk 32 where the tuner put its pick: oracle100's budget-32 table spec per shape (table:b32)
#    against the same spec with bk 32 and the ring's bytes kept (tablebk32:b32_bk32), interleaved
#    with cuBLASLt-autotune;
#  - bf16 (fp32 accumulate): the whole default sweep on oracle100 against cuBLASLt-autotune run
#    with bf16, the oracle re-measured with the 145-spec sweep.
# TABLE: the budget-32 table (default: the retuned one of h200_issue5_tables_retuned).
set -euo pipefail
cd "$(dirname "$0")/../.."
table="${TABLE:-bench/results/h200/h200_issue5_tables_retuned/tuned_b32.table.json}"
base='--shapes bench/shapes/oracle100.txt --mode kernel --layout tn'
exec bash scripts/device_job.sh --ctest "-E KernelSweep.(Random|SplitK|Scaled|Bk32)" \
  h200_bk32_probe_tn "$base --methods cublaslt_autotune_tn,autogemm --spec table:b32=$table --spec tablebk32:b32_bk32=$table" \
  h200_oracle100_bf16_sweep145_tn "$base --dtype bf16 --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec sweep" \
  "$@"
