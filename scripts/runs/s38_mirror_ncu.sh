#!/usr/bin/env bash
# ON the device (prepared in session 37 for the next; notes 255, Next): our kernel on cuBLASLt's
# own tile, cluster and split runs 3-49% slower than cuBLASLt's kernel on skinny shapes. Nsight
# Compute's Speed Of Light, Memory Workload Analysis, Launch Statistics and Occupancy sections for
# one timed launch of each, L2 and clocks as the bench leaves them, to see whether the gap is the
# L2 (hit rate, DRAM bytes) or the feed (tensor activity, stalls).
# For cuBLASLt-autotune tn: a first ncu pass times every nvjet launch of one bench process and
# takes the most launched kernel (its timed rounds' pick, as cublaslt_kernel_names.sh does);
# a second profiles that kernel's second-to-last launch. For ours: the fourth launch of the spec.
# SHAPES_SPECS overrides the pairs "M_N_K:spec-tail ...".
# Output: $OUT/s38_mirror_ncu.tgz
set -uo pipefail
cd "$(dirname "$0")/../.."
source scripts/runs/cublas_libs.sh
top="${OUT:-/tmp/s38_mirror_ncu}"
d="$top/s38_mirror_ncu"
mkdir -p "$d"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$d/gpu.txt"
bin=build/tools/autogemm/autogemm
sections=(--section SpeedOfLight --section MemoryWorkloadAnalysis --section LaunchStats
  --section Occupancy)
for pair in ${SHAPES_SPECS:-68_10392_1776:128x72x64_s8_c4x1_coop_persist_r8m_swap \
  6866_80_2808:128x96x64_s8_c1x4_coop_persist_r8m_swap}; do
  shape="${pair%%:*}" spec="sm90_f16f32_tn_${pair#*:}"
  timeout 150 ncu --clock-control none --cache-control none "${sections[@]}" -k regex:autogemm \
    --launch-skip 3 --launch-count 1 "$bin" bench --mnk "$shape" --rounds 2 --methods autogemm \
    --spec "$spec" > "$d/ours_$shape.txt" 2>&1
  echo "ours $shape: exit $?"
  timeout 200 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:nvjet \
    "$bin" bench --mnk "$shape" --rounds 2 --methods cublaslt_autotune_tn > "$d/lt_names_$shape.txt" 2>&1
  read -r count name < <(grep -E '^  [A-Za-z_][A-Za-z0-9_]* \(' "$d/lt_names_$shape.txt" |
    sed 's/^  //; s/ (.*//' | sort | uniq -c | sort -rn | head -n 1)
  echo "cuBLASLt $shape: $name launched ${count:-0} times"
  [ -n "${name:-}" ] || continue
  timeout 200 ncu --clock-control none --cache-control none "${sections[@]}" -k "regex:^${name}$" \
    --launch-skip $((count - 2)) --launch-count 1 "$bin" bench --mnk "$shape" --rounds 2 \
    --methods cublaslt_autotune_tn > "$d/lt_$shape.txt" 2>&1
  echo "cuBLASLt $shape: exit $?"
  gzip -f "$d/lt_names_$shape.txt"
done
tar czf "$top/s38_mirror_ncu.tgz" -C "$top" s38_mirror_ncu
