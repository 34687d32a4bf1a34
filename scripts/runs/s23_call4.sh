#!/usr/bin/env bash
# Twenty-third session (notes 172), ON the device (an H100): the H100 re-tuning's picks
# (bench/results/h100/h100_skp_retune_s23_table.json.gz, s23_call2.sh on an H100, whose confirm
# runs compared them with the H200 table's picks, tune_shards.sh's default there) against the
# shipped H100 table, REPS processes (default 2), each interleaved with cuBLASLt-autotune nn and tn,
# on the 87 shapes: the confirm and check runs table_update_confirmed.py needs.
# Output: $OUT/s23_call4.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s23_call4}"
d="$out/s23_call4"
record_machine "$d"
zcat bench/results/h100/h100_skp_retune_s23_table.json.gz > "$d/new.json"
shapes="$(grep -hv '^#' bench/shapes/skp_entries_h100.txt | tr '\n' ' ')"
OUT="$d" BENCH_TIMEOUT=250 spec_bench_reps confirm "$shapes" \
  "table:shipped=data/nvidia_h100_80gb_hbm3.json" "table:new=$d/new.json"
tar czf "$out/s23_call4.tgz" -C "$out" s23_call4 && rm -rf "$d"
