#!/usr/bin/env bash
# Prepared for session 50 and run in session 49 (notes 359), ON an H200 (~40 s; CLI-only pack):
# why the trial's host clock (runtime::host_times) read 3.6-5.0 us per one-launch call in three
# trials' logs (2.9-4.3 p10-p90 over all 325 probed candidates,
# h200_host_probe_s49/host_clock.csv.gz) where a steady-state gemm() call on 64x64x64 takes
# 2.7-2.9 us. `autogemm overhead` (gemm() with the
# spec against a bare cuLaunchKernelEx, and the first call) for the kinds of candidates a short
# decode-like trial holds on 7x3328x2176: one-launch persistent swap-AB under PDL and plainly
# launched and a 4x1-cluster cooperative (`overhead` refuses split-pass and stream-K specs); REPS
# processes (default 2). Predicted: bare launches 2-3 us, cluster launches +0.5-1 us; gemm()
# 0.1-0.4 us over bare. If the launch itself explains the gap, the trial's host clock is right
# and nothing changes; if gemm()'s own path is the gap, cache the trial's plans (gemm.cpp's
# time_on_call).
# Output: $OUT/s50_host_overhead.tgz
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out s50_host_overhead)
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
p=sm90_f16f32_tn
specs="${SPECS:-${p}_64x8x64_s8_c1x1_wg1_persist_r8m_swap ${p}_64x8x64_s8_c1x1_wg1_persist_r8m_swap_nopdl
  ${p}_128x32x64_s8_c4x1_coop_persist_r8m_swap_pf4}"
for rep in $(seq 1 "${REPS:-2}"); do
  for s in $specs; do
    timeout 60 "$bin" overhead --spec "$s" --mnk "${SHAPE:-7_3328_2176}" \
      --out "$out/${s#${p}_}_$rep.csv" > "$out/${s#${p}_}_$rep.log" 2>&1
    echo "== $s process $rep (exit $?)"
    tail -4 "$out/${s#${p}_}_$rep.log"
  done
done | tee "$out/summary.txt"
tar czf "$(dirname "$out")/s50_host_overhead.tgz" -C "$(dirname "$out")" "$(basename "$out")"
