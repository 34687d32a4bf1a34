#!/usr/bin/env bash
# Needs the switch AUTOGEMM_L2_KEEP_MB of fd54079 (reverted after the run; bench/results/h100/h100_l2_keep_s22.md).
# Session 22 (notes 149), ON the device. Does keeping the head of a streamed operand in L2 pay
# on decode shapes? Kernel mode times back-to-back calls with L2 warm; a weight a little larger
# than L2 (5120x5120 fp16 = 52 MB against 50 MB) is then evicted as fast as it is read (LRU
# thrash), for cuBLASLt and for us. The switch AUTOGEMM_L2_KEEP_MB=X (gemm.cuh) reads an operand
# larger than X MB evict_first beyond its first X MB, so those X MB survive to the next call.
# Predicted: 5120x5120 decode 1.3-2x faster warm, 13824-wide 1.1-1.3x; nothing cold.
# Each arm its own process, interleaved with cuBLASLt-autotune nn and tn, the picks of session
# 21's decode run 1 (bench/shapes/decode_picks_s21.json). Then the kernel sweep's GPU test (the
# accumulator pins). Output: $OUT/l2_keep.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/l2_keep}"
d="$out/l2_keep"
record_machine "$d"
picks="table:picks=bench/shapes/decode_picks_s21.json"
shapes="$(grep -v '^#' bench/shapes/decode.txt)"
arm() {  # NAME KEEP_MB(0: switch off) EXTRA-ARGS...
  local name=$1 keep=$2
  shift 2
  local def=""
  [ "$keep" != 0 ] && def="AUTOGEMM_L2_KEEP_MB=$keep"
  local m=()
  for s in $shapes; do m+=(--mnk "$s"); done
  AUTOGEMM_JIT_DEFINES="$def" AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null)" timeout 150 \
    build/tools/autogemm/autogemm bench "${m[@]}" --mode kernel --layout tn "$@" \
    --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec "$picks" \
    --out "$d/$name.csv" > "$d/$name.log" 2>&1
  echo "$name: exit $? $(grep -E '^picks_tn .*x' "$d/$name.log" | head -1)"
}
for rep in 1 2 3; do
  for keep in ${KEEPS:-0 16 24 32 40}; do arm "warm_keep${keep}_$rep" "$keep"; done
  for keep in ${COLD_KEEPS:-0 32}; do arm "cold_keep${keep}_$rep" "$keep" --l2 cold; done
done
if [ -z "${NO_TESTS:-}" ]; then
  timeout 240 ctest --test-dir build -R KernelSweep --output-on-failure > "$d/ctest_sweep.log" 2>&1
  echo "ctest KernelSweep: exit $? $(grep -E 'tests passed|tests failed' "$d/ctest_sweep.log")"
fi
tar czf "$out/l2_keep.tgz" -C "$out" l2_keep && rm -rf "$d"
