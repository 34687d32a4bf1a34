#!/usr/bin/env bash
# ON the device (session 51; pack: CLI + test_kernel_sweep): split-pass grids in a GPC-aware order
# (AUTOGEMM_JIT_DEFINES=AUTOGEMM_SPLIT_GPC_ORDER=8: the split order's consecutive clusters, an
# operand slice's sharers under piece-major orders, dealt to every 8th cluster, which a plain
# launch puts in one GPC) against the shipped order.
#  1. KernelSweep.SplitReductionPass and SplitLastPiece with the switch on.
#  2. The H200 table's 82 split-pass entries (`tab`), with cuBLASLt-autotune, processes in the
#     order plain gpc gpc plain.
# Why: static GPC blocks ran a 1x2 64x128 on 1024x1024x16384 at 52-53 us against 75 without PDL
# (notes 66), rejected when PDL's early trigger scattered placement; since session 36 a GEMM
# launches as its predecessor exits, in a plain launch's placement. Predicted: piece-major entries
# (`skpNp`) 3-10% faster, unit-major ones level. Output: $OUT/s51_gpc/ tarred as $OUT/s51_gpc.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out s51_gpc)"
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
gpc=AUTOGEMM_SPLIT_GPC_ORDER=8
parts=" ${PARTS:-tests table} "
if [[ $parts == *" tests "* ]]; then
  AUTOGEMM_JIT_DEFINES=$gpc timeout 150 ctest --test-dir build -L gpu -R "SplitReductionPass|SplitLastPiece" \
    --output-on-failure > "$top/ctest_gpu_gpc.log" 2>&1
  echo "ctest (gpc) exit $?: $(grep -E 'tests passed|tests failed' "$top/ctest_gpu_gpc.log")"
fi
if [[ $parts == *" table "* ]]; then
  python3 - > "$top/shapes.txt" <<'PY'
import json
print(" ".join("%d_%d_%d" % (e["m"], e["n"], e["k"]) for e in json.load(open("data/nvidia_h200.json"))["entries"] if "_skp" in e["spec"]))
PY
  python3 - > "$top/prebuild.txt" <<'PY'
import json
for e in json.load(open("data/nvidia_h200.json"))["entries"]:
    if "_skp" in e["spec"]: print(e["spec"])
PY
  pre=()
  for s in $(sort -u "$top/prebuild.txt"); do pre+=(--spec "$s"); done
  timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
  AUTOGEMM_JIT_DEFINES=$gpc timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
  for arm in plain gpc gpc plain; do
    if [ "$arm" = gpc ]; then export AUTOGEMM_JIT_DEFINES=$gpc; else unset AUTOGEMM_JIT_DEFINES; fi
    n=$(ls "$top"/${arm}_*.csv 2>/dev/null | wc -l)
    OUT="$top" BENCH_TIMEOUT=200 spec_bench "${arm}_$((n + 1))" "$(cat "$top/shapes.txt")" \
      table:tab=data/nvidia_h200.json
    grep -A5 "^method" "$top/${arm}_$((n + 1)).log" | head -6
  done
  unset AUTOGEMM_JIT_DEFINES
fi
tar czf "$OUT/s51_gpc.tgz" -C "$(dirname "$top")" "$(basename "$top")"
