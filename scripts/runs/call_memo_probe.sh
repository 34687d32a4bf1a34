#!/usr/bin/env bash
# Needs the switch AUTOGEMM_NO_CALL_MEMO of 527134a (removed after the run; bench/results/h200/h200_call_memo_s22.md).
# Session 22 (notes 151), ON the device. gemm() launching a thread's previous plan again when a
# call repeats it (gemm.cpp's LastCall), against looking the plan up each call as before
# (AUTOGEMM_NO_CALL_MEMO=1, an experiment switch). Predicted: ~0.1-0.2 us less host time per
# call, so 3-7% on launch-bound shapes, nothing on the others.
# 1. `autogemm overhead` (same call, alternating C, gemm()'s own choice, bare launch), memo on/off.
# 2. The bench, kernel mode: oracle100's small class (2MNK < 1e8) and the latency shapes, gemm()'s
#    own pick (`auto`) against cuBLASLt-autotune nn/tn, memo on and off in alternate processes.
# 3. The GPU tests of gemm()'s paths. Output: $OUT/call_memo.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/call_memo}"
d="$out/call_memo"
record_machine "$d"
bin=build/tools/autogemm/autogemm
for memo in on off; do
  env=""
  [ $memo = off ] && env="AUTOGEMM_NO_CALL_MEMO=1"
  for s in sm90_f16f32_tn_64x128x64_s4_c1x1_wg1_tiles_r8m_etmat \
           sm90_f16f32_tn_128x128x64_s5_c2x1_pp_persist_r8m_etmar; do
    env $env "$bin" overhead --spec "$s" --mnk 64_64_64 --out "$d/overhead_${memo}_${s#sm90_f16f32_tn_}.csv" \
      > "$d/overhead_${memo}_${s#sm90_f16f32_tn_}.log" 2>&1
    echo "== overhead memo $memo $s"; grep -E "call_host|overhead of" "$d/overhead_${memo}_${s#sm90_f16f32_tn_}.log"
  done
done
small="$(grep -v '^#' bench/shapes/oracle100.txt | awk -F_ '2*$1*$2*$3 < 1e8' | tr '\n' ' ') 64_4096_64"
for rep in 1 2; do
  for memo in on off; do
    if [ $memo = off ]; then export AUTOGEMM_NO_CALL_MEMO=1; else unset AUTOGEMM_NO_CALL_MEMO; fi
    OUT="$d" BENCH_TIMEOUT=120 spec_bench "small_memo_${memo}_$rep" "$small" auto
    grep -E "^autogemm_tn|^cublaslt_autotune-max" "$d/small_memo_${memo}_$rep.log" | tail -2
  done
done
unset AUTOGEMM_NO_CALL_MEMO
if [ -z "${NO_TESTS:-}" ]; then
  timeout 300 ctest --test-dir build -L gpu -R "DispatchGpu|FirstSightGpu|KernelSweep.(BadInput|Scaled|CompiledIn)|BenchGpu.Picked" \
    --output-on-failure > "$d/ctest_gpu.log" 2>&1
  echo "ctest exit $?"; grep -E "Test +#|tests passed|tests failed" "$d/ctest_gpu.log"
fi
tar czf "$out/call_memo.tgz" -C "$out" call_memo && rm -rf "$d"
