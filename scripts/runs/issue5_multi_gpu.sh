#!/usr/bin/env bash
# Issue 5's multi-GPU acceptance, ON a two-GPU device (kind nvidia-h200-x2): the same shape list
# tuned twice from scratch, once on one GPU (plain `autogemm tune`) and once on both
# (`tune --devices 0,1`: one worker per GPU, one shared store), each with its own empty JIT cache
# so neither run finds the other's compiled kernels. $OUT/summary.txt gets the tuner's wall time
# of each run and their ratio; each run's state (store, table, log) comes back as
# $OUT/{one,two}/issue5_state.tgz.
#
# Environment: SHAPES (default bench/shapes/oracle100.txt), BUDGET (default 16).
# Device call (carry [".device/build"]):
#   rm -rf build && mv .device/build build && bash scripts/runs/issue5_multi_gpu.sh
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
out="${OUT:-/tmp/issue5_multi_out}"
mkdir -p "$out"
nvidia-smi -L | tee "$out/gpus.txt"
run() {  # run NAME [DEVICES]
  local name=$1 devices=${2:-}
  AUTOGEMM_CACHE_DIR="/tmp/multi_cache_$name" OUT="$out/$name" STATE="/tmp/multi_state_$name" \
    BUDGETS="${BUDGET:-16}" SHAPES="${SHAPES:-bench/shapes/oracle100.txt}" DEVICES="$devices" \
    TIME_LIMIT=280 bash scripts/runs/issue5_sample_efficiency.sh 2>&1 | tee -a "$out/summary.txt"
}
echo "== one GPU" | tee -a "$out/summary.txt"
run one
echo "== two GPUs (--devices 0,1)" | tee -a "$out/summary.txt"
run two 0,1
one=$(cat /tmp/multi_state_one/b"${BUDGET:-16}"/SECONDS)
two=$(cat /tmp/multi_state_two/b"${BUDGET:-16}"/SECONDS)
echo "one GPU ${one} s, two GPUs ${two} s: ratio $(python3 -c "print(round($two / $one, 3))")" |
  tee -a "$out/summary.txt"
