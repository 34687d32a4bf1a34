#!/usr/bin/env bash
# ON the device (session 51; CLI-only pack): cuBLASLt's own frame for the few-tile long-K shapes.
# Its 128x64 1x2 split-K kernel (nvjet_sm90_hsh_128x64_64x8_1x2_h_bz_splitK, h200_fewtile_s51.md section 2)
# tiles C transposed: 128 weight rows by 64 activation rows, two activation tiles in a cluster
# sharing the weight tile. Ours in that frame is swap-AB 128x64 (two consumers, m64n64 each) in a
# 1x2 cluster, split in pieces, against the table's pick and cuBLASLt-autotune, two processes.
# Output: $OUT/s51_fewtile_swap/.
source "$(dirname "$0")/spec_bench.sh"
d="$(probe_out s51_fewtile_swap)"
OUT="$d" REPS=2 spec_bench_reps fewtile_swap "128_2048_8192 256_1024_16384 512_512_16384 256_1024_8192" \
  table:tab=data/nvidia_h200.json $(cat scripts/runs/s51_fewtile_swap.specs)
gzip -f "$d"/*.csv "$d"/*.log
