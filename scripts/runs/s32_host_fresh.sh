#!/usr/bin/env bash
# Session 32, ON the device: (1) whether the latency shapes' spread between processes on one
# host (h200_acceptance_s31: 3.11 then 4.19 us) follows the CPU the process runs on: `autogemm
# overhead` (host time per call against a bare cuLaunchKernelEx) and the latency shapes
# (gemm()'s pick against cuBLASLt-autotune), processes alternating unpinned and pinned to one
# CPU (PIN_CPU, default 3); (2) gemm() on 49 fresh shapes (bench/shapes/offgrid49_s32.txt,
# `scripts/offgrid_shapes.py 49 3232`), fp16 tn, FRESH_REPS processes (default 2).
# (its second part is s32_fresh_only.sh). Output: $OUT/host.tgz, $OUT/fresh.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s32}"
bin=build/tools/autogemm/autogemm
pin="${PIN_CPU:-3}"
d="$out/host"
record_machine "$d" > /dev/null
lscpu > "$d/lscpu.txt" 2>&1
nvidia-smi topo -m > "$d/topo.txt" 2>&1
for rep in 1 2; do
  for arm in free pin; do
    run=()
    [ "$arm" = pin ] && run=(taskset -c "$pin")
    "${run[@]}" "$bin" overhead --spec sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_persist_r4m_etmat \
      --mnk 64_64_64 > "$d/overhead_${arm}_$rep.txt" 2>&1
    echo "== overhead $arm $rep"; grep -E "gemm_call_host:|own_choice|bare_" "$d/overhead_${arm}_$rep.txt"
    AUTOGEMM_BIN="$bin" OUT="$d" BENCH_TIMEOUT=90 "${run[@]}" bash -c \
      "source scripts/runs/spec_bench.sh; spec_bench latency_${arm}_$rep '64_64_64 64_4096_64' auto" > /dev/null
    grep -E "^64_(64|4096)_64 +(autogemm|cublaslt)" "$d/latency_${arm}_$rep.log"
  done
done
tar czf "$out/host.tgz" -C "$out" host && rm -rf "$d"
OUT="$out" bash "$(dirname "$0")/s32_fresh_only.sh"
