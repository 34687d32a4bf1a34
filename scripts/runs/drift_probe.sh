#!/usr/bin/env bash
# Do the CTAs of our persistent grid drift apart on the large shapes (notes 127)? Our large
# kernels read 1.5x cuBLASLt's DRAM bytes with the same tile and cluster (notes 116): if the
# static schedule lets CTAs that share an operand slice run it far apart in time, the slice is
# gone from L2 when the late one asks. Part 1: `autogemm trace` (its drift line: each wave's
# spread of producer starts, in items). Part 2: ncu's DRAM and L2 reads and time, persistent
# against non-persistent grids (the hardware hands out the tiles in order as SMs free up).
# Part 3: the bench, two processes, interleaved with cuBLASLt-autotune nn and tn.
# ON the device. Output: $OUT/drift.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/drift}"
mkdir -p "$out/dr"
bin=build/tools/autogemm/autogemm
for shape in 16384_16384_4096 8192_8192_8192; do
  for spec in 256x128x64_s4_c1x2_coop_persist_r8m_etmar 128x192x64_s4_c2x1_pp_persist_r8m_etmar; do
    timeout 120 "$bin" trace --spec "sm90_f16f32_tn_$spec" --mnk "$shape" --runs 50 \
      --json "$out/dr/trace_${shape}_$spec.json" > "$out/dr/trace_${shape}_$spec.txt" 2>&1
  done
done
m=gpu__time_duration.sum,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum
for shape in 16384_16384_4096 8192_8192_8192; do
  for spec in 256x128x64_s4_c1x2_coop_persist_r8m_etmar 256x128x64_s4_c1x2_coop_tiles_r8m_etmar \
    128x256x64_s4_c2x1_coop_persist_r8m_etma 128x256x64_s4_c2x1_coop_tiles_r8m_etma; do
    echo "== $shape $spec" >> "$out/dr/ncu.txt"
    timeout 90 ncu --clock-control none --metrics $m -k regex:autogemm --launch-skip 2 \
      --launch-count 1 "$bin" bench --mnk "$shape" --rounds 1 --methods autogemm \
      --spec "sm90_f16f32_tn_$spec" 2>&1 | grep -E "^\s+(gpu__|lts__|dram__)" >> "$out/dr/ncu.txt"
  done
done
for rep in 1 2; do
  OUT="$out/dr" BENCH_TIMEOUT=200 spec_bench "drift_bench_$rep" \
    "16384_16384_4096 8192_8192_8192 4096_4096_4096" \
    256x128x64_s4_c1x2_coop_persist_r8m_etmar 256x128x64_s4_c1x2_coop_tiles_r8m_etmar \
    128x256x64_s4_c2x1_coop_persist_r8m_etma 128x256x64_s4_c2x1_coop_tiles_r8m_etma \
    128x192x64_s4_c2x1_pp_persist_r8m_etmar
done
tar czf "$out/drift.tgz" -C "$out" dr && rm -rf "$out/dr"
