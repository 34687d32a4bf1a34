#!/usr/bin/env bash
# Why a 2-CTA cluster slows the small tiles' consumer (notes 46), ON the device:
#  1. the same specs with the cluster taken apart step by step (AUTOGEMM_JIT_DEFINES):
#     default (multicast, releases to every CTA), AUTOGEMM_NO_MULTICAST (each CTA loads its own
#     tiles, releases still coupled), and + AUTOGEMM_LOCAL_RELEASE (nothing shared but the
#     launch), each run interleaved with cuBLASLt-autotune, 1x1 specs as controls;
#  2. ncu's warp-state and per-instruction (SASS) stall samples of the 1x1 and 2x1 64x128 kernels
#     on 1024x1024x16384.
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/anatomy_out}"
bin=build/tools/autogemm/autogemm
p=sm90_f16f32_tn
small=""
for s in 64x128x64_s8_c1x1_wg1_persist_r8m_etma 64x128x64_s8_c2x1_wg1_persist_r8n_etma \
         64x128x64_s8_c1x2_wg1_persist_r8n_etma 64x128x64_s8_c2x1_wg1_persist_r8m_etma_sk4 \
         128x128x64_s6_c1x2_coop_persist_r8m_etma_sk2 128x128x64_s6_c1x1_coop_persist_r8m_etma_sk2; do
  small+=" --spec ${p}_$s"
done
large=""
for s in 128x256x64_s4_c2x1_coop_persist_r8n_etma 256x128x64_s4_c1x2_coop_persist_r8m_etmar \
         128x192x64_s4_c2x1_pp_persist_r8n_etmar 128x192x64_s4_c1x1_pp_persist_r8n_etmar \
         128x256x64_s4_c1x1_coop_persist_r8m_etma; do
  large+=" --spec ${p}_$s"
done
m=cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm
base='--mode kernel --layout tn'
for v in default nomc nomc_local; do
  case $v in
    default) unset AUTOGEMM_JIT_DEFINES ;;
    nomc) export AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_MULTICAST ;;
    nomc_local) export AUTOGEMM_JIT_DEFINES=AUTOGEMM_NO_MULTICAST,AUTOGEMM_LOCAL_RELEASE ;;
  esac
  OUT="$out/$v" bash scripts/device_job.sh --no-tests \
    "h200_cluster_anatomy_${v}_long_k_tn" "--shapes bench/shapes/probe_long_k.txt $base --methods $m $small" \
    "h200_cluster_anatomy_${v}_large_tn" "--shapes bench/shapes/probe_small_k.txt $base --methods $m $large"
done
unset AUTOGEMM_JIT_DEFINES
# Libraries as device_job.sh finds them (cuBLAS from PyTorch's wheels if need be).
for d in $(python3 -c 'import site; print(" ".join(site.getsitepackages()))' 2>/dev/null); do
  for lib in "$d"/nvidia/cu13/lib "$d"/nvidia/cublas/lib; do
    [ -e "$lib/libcublasLt.so.13" ] && export LD_LIBRARY_PATH="$lib:${LD_LIBRARY_PATH:-}"
  done
done
mkdir -p "$out/ncu"
for c in c1x1_wg1_persist_r8m c2x1_wg1_persist_r8n; do
  spec=${p}_64x128x64_s8_${c}_etma
  timeout 200 ncu --clock-control none --section WarpStateStats --section SourceCounters \
    -k regex:autogemm --launch-skip 2 --launch-count 1 -f -o "$out/ncu/rep_$c" \
    "$bin" bench --mnk 1024_1024_16384 --methods autogemm --spec "$spec" --rounds 3 \
    > "$out/ncu/run_$c.log" 2>&1
  echo "ncu $c: exit $?"
  ncu -i "$out/ncu/rep_$c.ncu-rep" --page details > "$out/ncu/details_$c.txt" 2>&1
  ncu -i "$out/ncu/rep_$c.ncu-rep" --page source --csv --print-source sass > "$out/ncu/sass_$c.csv" 2>&1
  rm -f "$out/ncu/rep_$c.ncu-rep"
done
tar czf "$out/ncu.tgz" -C "$out" ncu && rm -rf "$out/ncu"
