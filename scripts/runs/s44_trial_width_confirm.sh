#!/usr/bin/env bash
# Prepared in session 43, ON the device (an H200, ~6-8 min): the confirmation of
# h200_trial_width_s43 (gemm()'s first-call trial at 12 candidates read 0.5-1.2% faster than at 6
# against the tuned picks timed in the same process, while raw times moved 1.5-3.6% between
# processes for the same kernels). Arms t6 (default) and t12 (AUTOGEMM_AUTOTUNE=12) in the order
# t12, t6, t6, t12, so a drift over the call falls on both arms alike; every process also times the
# shipped cost model's first pick without a trial (`cm`), a fixed reference inside each process.
# Shapes: off-grid sets in no training store (the B3 arms' sets) and the decode shapes.
# Rule, fixed before the run: make 12 the default only if, against `cm` in the same process
# (scripts/arm_class_stats.py --ref cm DIR t6 t12 2 ...), the middle class gains >= 0.5% in both
# pairs and no class loses more than 0.3% in either pair. Predicted: middle +0.5-1%, large
# +0-0.5%, decode +-0.5%.
# Output: $OUT/s44_trial_width.tgz
source "$(dirname "$0")/spec_bench.sh"
name=s44_trial_width
d="${OUT:-/tmp/$name}/$name"
record_machine "$d" > /dev/null
shapes=""
for f in bench/shapes/large_offgrid32_s27.txt bench/shapes/large_offgrid30_s40.txt \
  bench/shapes/offgrid63_s40.txt bench/shapes/offgrid63_s41.txt bench/shapes/decode.txt; do
  shapes="$shapes $(shape_list "$f")"
done
for run in t12:2 t6:1 t6:2 t12:1; do  # arm:pair, executed in this order
  arm="${run%%:*}" pair="${run#*:}"
  (
    [ "$arm" = t12 ] && export AUTOGEMM_AUTOTUNE=12
    OUT="$d" BENCH_TIMEOUT=280 spec_bench "${arm}_$pair" "$shapes" auto \
      costmodel:cm=data/nvidia_h200.costmodel.json.gz
  )
done
tar czf "${OUT:-/tmp/$name}/$name.tgz" -C "${OUT:-/tmp/$name}" "$name"
