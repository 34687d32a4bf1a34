#!/usr/bin/env bash
# Cooperative 256-row tiles with 160-192 accumulators per thread (notes 119): each CTA reads
# A 128 + B 192 rows per k-block for a 256x192 tile in a 1x2 cluster, 17% fewer L2 bytes per
# flop than cuBLASLt's 256x128 1x2 (and our 128x256 2x1). Part 1: the bench on issue 3's shapes
# and two more large ones, interleaved with cuBLASLt-autotune and our best large specs. Part 2:
# ncu's DRAM and L2 counts of the wide tiles and the old best. ON the device. (The run at 77ffd6b
# also timed 256x176 with stream-K, no longer valid: it spills with a 1x1 cluster.)
# Output: $OUT/wide_coop.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/wide_coop}"
mkdir -p "$out/wc"
specs=(256x192x64_s4_c1x2_coop_persist_r8m 256x192x64_s3_c1x2_coop_persist_r8m_etmar
       256x192x64_s4_c2x1_coop_persist_r8n 256x192x64_s4_c1x2_coop_persist_r16m
       256x176x64_s4_c1x2_coop_persist_r8m
       256x160x64_s4_c1x2_coop_persist_r8m 256x160x64_s3_c1x2_coop_persist_r8m_etmar
       128x192x64_s4_c2x1_pp_persist_r8n_etmar 128x256x64_s4_c2x1_coop_persist_r8n_etma
       256x128x64_s4_c1x2_coop_persist_r8m_etmar 128x160x64_s5_c2x1_pp_persist_r8n_etmar)
OUT="$out/wc" BENCH_TIMEOUT=400 spec_bench wide_coop_tn \
  "16384_16384_4096 8192_8192_8192 4096_4096_4096 8192_8192_4096 12288_12288_2048" "${specs[@]}"
m=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,lts__t_requests.sum
for shape in 16384_16384_4096 8192_8192_8192; do
  for s in 256x192x64_s4_c1x2_coop_persist_r8m 256x176x64_s4_c1x2_coop_persist_r8m \
           128x192x64_s4_c2x1_pp_persist_r8n_etmar 256x128x64_s4_c1x2_coop_persist_r8m_etmar; do
    echo "== $shape $s" >> "$out/wc/ncu.txt"
    timeout 60 ncu --clock-control none --metrics $m -k regex:autogemm --launch-skip 2 \
      --launch-count 1 build/tools/autogemm/autogemm bench --mnk $shape --rounds 1 \
      --methods autogemm --spec sm90_f16f32_tn_$s 2>&1 | grep -E "^\s+(gpu__|lts__|dram__)" \
      >> "$out/wc/ncu.txt"
  done
done
tar czf "$out/wide_coop.tgz" -C "$out" wc && rm -rf "$out/wc"
