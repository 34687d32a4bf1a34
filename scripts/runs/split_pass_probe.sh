#!/usr/bin/env bash
# Split-K with a reduction pass (skpN, notes/NOTES.md item 82) against the whole default sweep
# (whose best on these shapes is split-K with the in-kernel fixup, sk4) and cuBLASLt-autotune nn
# and tn, kernel mode, on long-K shapes with few tiles: issue 4's remaining oracle100 losers, the
# other few-tile long-K grid shapes, and shapes off the grid. Runs ON the device, through
# scripts/device_job.sh (its arguments first: e.g. --no-tests, or --ctest '-R Split'), as the
# run NAME ($NAME, default <gpu>_split_pass_tn, <gpu> h200 or h100 as nvidia-smi names it).
set -euo pipefail
cd "$(dirname "$0")/../.."
shapes="256_512_12288 256_1024_16384 128_2048_8192 512_512_16384 1024_512_16384 \
  1024_1024_12288 1024_1024_16384 64_4096_4096 2048_128_16384 128_128_16384 200_1000_12000 \
  384_768_10240 640_320_8192 96_3000_6144"
specs="64x128x64_s6_c2x1_wg1_tiles_r8m_skp2 64x128x64_s6_c2x1_wg1_tiles_r8m_skp4
  64x128x64_s6_c2x1_wg1_tiles_r8m_skp8 64x128x64_s8_c2x1_wg1_tiles_r8m_skp4
  64x128x64_s8_c2x1_wg1_tiles_r8m_skp8 64x128x64_s8_c1x2_wg1_tiles_r1n_skp2
  64x128x64_s8_c1x2_wg1_tiles_r1n_skp4 64x128x64_s6_c1x1_wg1_tiles_r8m_skp4
  64x64x64_s8_c1x1_wg1_tiles_r8m_skp4_swap 64x64x64_s8_c1x1_wg1_tiles_r8m_skp8_swap
  64x64x64_s8_c1x1_wg1_tiles_r8m_skp8 128x128x64_s4_c1x1_coop_tiles_r8m_skp2
  128x128x64_s4_c1x1_coop_tiles_r8m_skp4 128x128x64_s6_c2x1_coop_tiles_r8m_skp2
  128x128x64_s6_c2x1_coop_tiles_r8m_skp4 128x256x64_s4_c2x1_coop_tiles_r8m_skp2
  128x256x64_s4_c2x1_coop_tiles_r8m_skp4 64x256x64_s4_c2x1_wg1_tiles_r8m_skp4"
args="--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm"
for s in ${SHAPES:-$shapes}; do args+=" --mnk $s"; done
args+=" --spec sweep"
for s in ${SPECS:-$specs}; do args+=" --spec sm90_f16f32_tn_$s"; done
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | grep -o 'H[0-9]00' | tr H h || true)
exec bash scripts/device_job.sh "$@" "${NAME:-${gpu:-gpu}_split_pass_tn}" "$args"
