#!/usr/bin/env bash
# Session 37, ON the device: the H200 table's 37 plain-launch (`_nopdl`) entries were picked while
# the kernels triggered their dependents early (notes 256); without that trigger a PDL launch
# keeps a plain launch's placement and skips the host's launch gap. Both tables in one process,
# interleaved with cuBLASLt-autotune (REPS processes, default 2): `old` = data/nvidia_h200.json,
# `pdl` = the same with `_nopdl` dropped (bench/results/h200/h200_table_pdl_s37/).
# Output: $OUT/s37_table_pdl.tgz
# (data/nvidia_h200.json took six of `pdl`'s entries after the runs, 51e569c.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s37_table_pdl}"
d="$top/s37_table_pdl"
record_machine "$d" > /dev/null
OUT="$d" BENCH_TIMEOUT=280 spec_bench_reps table_pdl "$(shape_list bench/shapes/table_nopdl37_h200.txt)" \
  table:old=data/nvidia_h200.json table:pdl=bench/results/h200/h200_table_pdl_s37/nvidia_h200_pdl.json
tar czf "$top/s37_table_pdl.tgz" -C "$top" s37_table_pdl
