#!/usr/bin/env bash
# Session 38, ON the device: plain-launch twins for split-pass candidates in gemm()'s trial.
# s38_skp_fill (h200_skp_fill_s38) found 64x128 c1x1 split-pass specs 3-21% faster as plain
# launches on 10 of 12 few-tile long-K shapes (whatever their grid's fill) and c2x1 ones 7-9%
# slower. Arms (host switch AUTOGEMM_EXP_S38, removed after the runs): `c1` twins each split-pass
# candidate without a cluster, `all` every split-pass candidate, outside the decode-like and large
# classes. gemm()'s pick, processes alternating, PAIRS rounds (default 3), on the fresh
# few_tile_long_k30_s38 and session 37's few_tile_long_k30_s37. First, `autogemm trace` of three
# split-pass specs, PDL and plain, for where the time goes.
# Output: $OUT/s38_skp_twin.tgz
# (Its switch AUTOGEMM_EXP_S38 was removed after the runs; arm c1's rule shipped in
# with_plain_launch_twins, so all three arms now run it.)
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s38_skp_twin}"
d="$top/s38_skp_twin"
record_machine "$d" > /dev/null
mkdir -p "$d/trace"
for pair in 1024_256_13312:64x128x64_s7_c1x1_wg1_tiles_r8m_skp4p \
  320_640_12800:64x128x64_s7_c1x1_wg1_tiles_r8m_skp5p \
  384_128_9216:64x128x64_s7_c1x1_wg1_tiles_r8m_skp8p; do
  spec="sm90_f16f32_tn_${pair#*:}"
  OUT="$d/trace" bash scripts/runs/trace_probe.sh "${pair%%:*}" "$spec" "${spec}_nopdl"
done
shapes="$(shape_list bench/shapes/few_tile_long_k30_s38.txt) $(shape_list bench/shapes/few_tile_long_k30_s37.txt)"
PAIRS="${PAIRS:-3}" OUT="$d" BENCH_TIMEOUT=200 spec_bench_arms \
  "off c1:AUTOGEMM_EXP_S38=1 all:AUTOGEMM_EXP_S38=2" "$shapes" auto
tar czf "$top/s38_skp_twin.tgz" -C "$top" s38_skp_twin
