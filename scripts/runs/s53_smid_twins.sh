#!/usr/bin/env bash
# ON the device (session 53, notes 387-388; pack with test_kernel_sweep): pieces placed by SM
# (`_smid`) as built. First the GPU tests of split-K (the placed specs among the reduction-pass
# sweep, and many placed launches back to back); then the placed twins against the plain launches
# they would replace (SPECS on SHAPES, two processes); then the H200 table's 84 split entries
# against their placed twins (scripts/sm_placed_twins.py: own raster, r8m, r1n), as tables in one
# bench with cuBLASLt-autotune nn and tn, two processes (the first confirms, the second can veto:
# scripts/table_update_confirmed.py). Predicted from smid_probe_s53: the placed twins 4-9% under
# the plain launches on one-wave grids; the table's PDL-launched clustered split entries gain where
# their shapes are few-tile and long in K. Output: $OUT/smid_twins.tgz (tests, specs, tables).
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out smid_twins)"
bin=build/tools/autogemm/autogemm
ctest --test-dir build -L gpu -R "KernelSweep.(SplitReductionPass|SmPlaced)" --output-on-failure \
  > "$top/ctest_smid.log" 2>&1
grep -E "tests passed|checked|Failed|FAILED" "$top/ctest_smid.log" | head -8
python3 scripts/sm_placed_twins.py data/nvidia_h200.json "$top" > /dev/null
pre=()
for t in smid smidr8m smidr1n; do
  for s in $(table_specs "$top/$t.json"); do
    pre+=(--spec "$s")
  done
done
specs="64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p_nopdl 64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p_smid
64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_nopdl 64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_smid
128x128x64_s6_c1x1_coop_tiles_r8m_skp4p_nopdl 128x128x64_s6_c1x1_coop_tiles_r8m_skp4p_smid"
for s in $specs; do pre+=(--spec "sm90_f16f32_tn_$s"); done
for s in $(table_specs data/nvidia_h200.json | tr ' ' '\n' | grep _skp); do
  pre+=(--spec "$s")
done
timeout 300 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
shapes="${SHAPES:-192_1408_16384 704_384_16384 192_1408_8192 704_384_8192 384_1408_16384
256_1024_16384 128_2048_8192 512_512_16384 256_512_12288 1024_256_16384}"
for i in 1 2; do
  OUT="$top" BENCH_TIMEOUT=200 spec_bench "specs_$i" "$shapes" $specs
  grep -c ",ok$" "$top/specs_$i.csv"
done
tables=(table:shipped=data/nvidia_h200.json)
for t in smid smidr8m smidr1n; do tables+=(table:"$t"="$top/$t.json"); done
for i in 1 2; do
  OUT="$top" BENCH_TIMEOUT=260 spec_bench "twins_$i" "$(cat "$top/shapes.txt")" "${tables[@]}"
  grep -A8 "^method" "$top/twins_$i.log" | head -9
done
tar czf "$OUT/smid_twins.tgz" -C "$(dirname "$top")" "$(basename "$top")"
rm -rf "$top"
