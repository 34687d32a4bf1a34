#!/usr/bin/env bash
# Session 46 (notes 323), ON an H200 (~2 min): each method alone at the power cap, one after
# another (`autogemm bench --benchmark_seconds 3`, one method per run, a second's rest between),
# with nvidia-smi sampling board power and SM clock every 100 ms, on large shapes. The bench's
# interleaved protocols put every method at the clock the mix of methods sets; alone, a kernel
# that spends less energy per flop gets its own higher clock. Why: at the cap 256x192 c1x2
# (etmar) ran 1.5-4% faster than the table's ping-pong pick alone (autogemm trace) and 2-3.5%
# slower interleaved (h200_energy_ceiling_s46).
# Predicted: alone, 256x192 c1x2 within +-2% of cuBLASLt-autotune, the ping-pong picks 1-3% behind it.
# Output: $OUT/alone_cap.tgz (bench_*.csv/txt, smi.csv, windows.csv).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/alone_cap}"
dir="$out/alone_cap"
mkdir -p "$dir"
echo "date_ms,$(date +%s%3N)" > "$dir/windows.csv"
smi_log "$dir"
sleep 1
for rep in 1 2; do
  for shape in ${SHAPES:-12288_12288_4096 16384_16384_4096 8192_12288_12288}; do
    bench_alone "$dir" cublaslt_$rep $shape --methods cublaslt_autotune_tn
    bench_alone "$dir" table_$rep $shape --methods autogemm --spec table:tab=data/nvidia_h200.json
    bench_alone "$dir" w256x192_$rep $shape --methods autogemm \
      --spec sm90_f16f32_tn_256x192x64_s3_c1x2_coop_persist_r8m_etmar
    bench_alone "$dir" w256x128_$rep $shape --methods autogemm \
      --spec sm90_f16f32_tn_256x128x64_s4_c1x2_coop_persist_r8m_etma
  done
done
kill "$SMI_PID"
tar czf "$out/alone_cap.tgz" -C "$out" alone_cap
