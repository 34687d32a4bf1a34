#!/usr/bin/env bash
# Run in session 42 (h200_wide_cluster_s42.md): no class gained, so the rule and its switch were
# removed and both arms now run the same code; kept as the record of that run.
# Prepared in session 41, ON the device (an H200, ~5-6 min; at worst four processes of 280 s):
# the cost model's ranking with the wide clusters (more than two CTAs) moved behind the others
# (tune::demote_wide_clusters; host switch AUTOGEMM_EXP_S42=1; problems with M above 64). The
# model ranks such specs first on 7 of the 10 off-table shapes where gemm() loses most, where the
# timed ones ran 0.84-1.01x of cuBLASLt (h200_wide_tile_s41); in this session's four re-tune
# stores and sessions 39-40's middle ones the best wide-cluster spec won 3 of the 161 shapes that
# timed one, and the tuner kept one on 2 of the table's 1,000 entries. Offline (db rank on
# h200_wide_tile_s41's times) the first-ranked pick there goes from 0.957-0.962x to 0.997-0.999x
# of cuBLASLt. The switch changes the trial's candidates on 7 of large_weak10_s40, 11 of the 62
# held-out large shapes, 2 of offgrid63_s40's large ones and 32 of the 54 middle shapes of
# offgrid63_s40/s41. The risk is in the middle class: on the old full sweeps of offgrid49a/d
# (sessions 14-20, the early-trigger kernels) the same rule costs the model's first pick 8-12% on
# middle shapes (1.081 -> 0.994 and 1.144 -> 1.003 of cuBLASLt), wide clusters having won there
# (h200_costmodel_offline_s41); the trial times six, so less for gemm(). A shape's trial changes
# only within its own class, so one arm answers per class. Predicted: gemm()'s raw time 2-5%
# lower on large_weak10_s40, 0.5-1% on the 62 held-out large shapes, -8% to +2% on the fresh
# middle ones (a loss if the old sweeps still hold), small ones unchanged. gemm()'s pick,
# processes alternating, PAIRS rounds (default 2). Compare raw times per pair (on / off), per
# class.
# Output: $OUT/s42_wide_cluster.tgz
source "$(dirname "$0")/spec_bench.sh"
BENCH_TIMEOUT=280 gemm_arms_probe s42_wide_cluster "off on:AUTOGEMM_EXP_S42=1" \
  bench/shapes/large_weak10_s40.txt bench/shapes/large_offgrid32_s27.txt bench/shapes/large_offgrid30_s40.txt \
  bench/shapes/offgrid63_s40.txt bench/shapes/offgrid63_s41.txt
