#!/usr/bin/env bash
# Session 46 (notes 322), ON an H200 (~2 min): the tensor cores' own ceiling at the power cap
# (mma_ceiling_probe.cu: wgmma from shared memory, nothing else; seven mainloop structures, N(0,1)
# and zero operands, SECONDS each) beside real GEMMs at the cap (the bench's sustained protocol,
# --benchmark_seconds 3, one method at a time: cuBLASLt-autotune and our specs on issue 3's
# 16384x16384x4096 and 8192^3), with nvidia-smi sampling board power and SM clock every 100 ms.
# Predicted: N(0,1) wgmma alone at the cap 3-8% above cuBLASLt's TFLOP/s (the share of energy
# below the SMs, notes 116 and 183); zeros far faster (data-dependent power).
# Build the probe first, here: nvcc -O3 -std=c++20 -gencode arch=compute_90a,code=sm_90a -Iinclude
#   -o .device/build/mma_ceiling_probe scripts/runs/mma_ceiling_probe.cu (packed with the CLI)
# Output: $OUT/mma_ceiling.tgz (probe.csv, smi.csv, bench_*.txt, windows.csv).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/mma_ceiling}"
dir="$out/mma_ceiling"
mkdir -p "$dir"
probe="${PROBE:-build/mma_ceiling_probe}"
nvidia-smi -q | grep -iE "power limit|product name|driver version" > "$dir/gpu.txt"
echo "date_ms,$(date +%s%3N)" > "$dir/windows.csv"
smi_log "$dir"
sleep 2
echo "smi_first,$(head -1 "$dir/smi.csv")" >> "$dir/windows.csv"
timeout 120 "$probe" "${SECONDS_EACH:-2}" > "$dir/probe.csv" 2> "$dir/probe.err"
echo "probe exit $?"
sleep 1
for shape in 16384_16384_4096 8192_8192_8192; do
  bench_alone "$dir" cublaslt $shape --methods cublaslt_autotune_tn
  bench_alone "$dir" auto $shape --methods autogemm --spec auto
  bench_alone "$dir" coop256x128 $shape --methods autogemm --spec sm90_f16f32_tn_256x128x64_s4_c1x2_coop_persist_r8m_etma
done
kill "$SMI_PID"
tar czf "$out/mma_ceiling.tgz" -C "$out" mma_ceiling
