#!/usr/bin/env bash
# ON the device (session 50; ~2 min on an H200; CLI-only pack): few-tile long-K shapes, where two
# oracle100 shapes stay below cuBLASLt in every acceptance run (128x2048x8192 at 0.91-0.95x, where
# cuBLASLt runs a 128x64 tile in 4 pieces in a 1x2 cluster; 256x1024x16384 at 0.95-0.98x, its
# 96x128 tile in 6 pieces in 1x2). Times gemm()'s pick (`auto`, its own processes) and eight fixed split-pass
# structures, cuBLASLt's 128x64 1x2 among them, on those two and 10 fresh shapes of the class
# (bench/shapes/fewtile_longk10_s50.txt: M from {96,128,160,192,256,320}, N 128 x U(6,24),
# K 1024 x U(6,16), Python random.Random(5003), drawn in that order), two processes.
# Predicted: the 128x64 1x2 tile within 2% of the table's picks on the two, no fixed structure
# beating `auto` by 2% over the fresh ten.
# Output: $OUT/s50_fewtile_probe.tgz
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out s50_fewtile_probe)"
shapes="128_2048_8192 256_1024_16384 $(shape_list bench/shapes/fewtile_longk10_s50.txt)"
# gemm()'s pick runs in processes of its own (`--spec auto` takes no other spec), against the
# same cuBLASLt-autotune methods.
OUT="$top" spec_bench_reps fewtile_auto "$shapes" auto
OUT="$top" spec_bench_reps fewtile "$shapes" \
  64x128x64_s8_c2x1_wg1_tiles_r8n_skp4p \
  128x64x64_s8_c1x2_coop_tiles_r8m_skp4p \
  128x64x64_s8_c1x2_coop_tiles_r8m_skp4 \
  128x64x128_s4_c1x2_coop_tiles_r8m_skp4p \
  128x128x64_s7_c2x1_coop_tiles_r1m_skp8p \
  128x128x64_s7_c1x2_coop_tiles_r8m_skp8p \
  128x64x64_s8_c2x2_coop_tiles_r8m_skp4p \
  128x64x64_s8_c1x2_coop_tiles_r8m_skp6p
tar czf "$OUT/s50_fewtile_probe.tgz" -C "$(dirname "$top")" "$(basename "$top")"
