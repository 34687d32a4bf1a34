#!/usr/bin/env bash
# ON the device (session 51; pack: CLI + test_kernel_sweep): an A/B of a JIT switch over the H200
# table's 82 split-pass entries. DEFINE (for AUTOGEMM_JIT_DEFINES), NAME (the output folder and
# the switched arm's name), TESTS (a ctest regex run with the switch on first).
#  1. TESTS with DEFINE.
#  2. The table's split-pass entries (`tab`), with cuBLASLt-autotune, in processes ordered
#     plain NAME NAME plain (the switch is the only difference between the arms).
# Session 51 ran it three times (each switch removed after):
#   DEFINE=AUTOGEMM_SPLIT_PASS_EARLY_TRIGGER NAME=early TESTS=SplitReductionPass  (at 204bbfa:
#     a split-pass GEMM triggers its dependent, the pass, as it starts; h200_fewtile_s51.md section 6)
#   DEFINE=AUTOGEMM_SPLIT_GPC_ORDER=8 NAME=gpc TESTS="SplitReductionPass|SplitLastPiece" (at
#     ec7ea07: the split order's consecutive clusters dealt to every 8th cluster, which a plain
#     launch puts in one GPC; h200_fewtile_s51.md section 7)
#   DEFINE=AUTOGEMM_TMA_L2_HINT=1 NAME=evl TESTS=SplitReductionPass (the operand loads with an L2
#     evict-last policy; h200_fewtile_s51.md section 8)
# Output: $OUT/NAME/ tarred as $OUT/NAME.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:?}" define="${DEFINE:?}"
top="$(probe_out "$name")"
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
AUTOGEMM_JIT_DEFINES=$define timeout 150 ctest --test-dir build -L gpu -R "${TESTS:?}" \
  --output-on-failure > "$top/ctest_gpu_$name.log" 2>&1
echo "ctest ($name) exit $?: $(grep -E 'tests passed|tests failed' "$top/ctest_gpu_$name.log")"
python3 - "$top" <<'PY'
import json, sys
entries = [e for e in json.load(open("data/nvidia_h200.json"))["entries"] if "_skp" in e["spec"]]
open(sys.argv[1] + "/shapes.txt", "w").write(" ".join("%d_%d_%d" % (e["m"], e["n"], e["k"]) for e in entries))
open(sys.argv[1] + "/prebuild.txt", "w").write("\n".join(sorted({e["spec"] for e in entries})))
PY
pre=()
for s in $(cat "$top/prebuild.txt"); do pre+=(--spec "$s"); done
timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
AUTOGEMM_JIT_DEFINES=$define timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
for arm in plain "$name" "$name" plain; do
  if [ "$arm" = "$name" ]; then export AUTOGEMM_JIT_DEFINES=$define; else unset AUTOGEMM_JIT_DEFINES; fi
  n=$(ls "$top"/${arm}_*.csv 2>/dev/null | wc -l)
  OUT="$top" BENCH_TIMEOUT=200 spec_bench "${arm}_$((n + 1))" "$(cat "$top/shapes.txt")" \
    table:tab=data/nvidia_h200.json
  grep -A5 "^method" "$top/${arm}_$((n + 1)).log" | head -6
done
unset AUTOGEMM_JIT_DEFINES
tar czf "$OUT/$name.tgz" -C "$(dirname "$top")" "$(basename "$top")"
