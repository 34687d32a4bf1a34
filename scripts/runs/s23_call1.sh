#!/usr/bin/env bash
# Twenty-third session, first device call (notes 161), ON the device:
# 1. gemm()'s GPU tests (DispatchGpu) on the memo refactor of notes 160 (not GPU-tested then);
# 2. split-K's launch order on shapes nobody tuned: the cost model's picks (what gemm() serves
#    off the tables) for 595 fresh off-grid shapes and 48 fresh decode-like shapes, ranked here
#    with `autogemm db rank`; their split-pass picks as ranked (tile-major) against the same specs
#    piece-major, two processes (split_order_ab.sh). On an H200 also its table's 85 entries;
# 3. the device-memory read ceiling (read_bw, if carried as build/read_bw) beside
#    cuBLASLt's decode times, for the decode target's headroom on this GPU.
# Output: $OUT/s23_call1/ and $OUT/split_order_ab.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s23_call1}"
d="$out/s23_call1"
record_machine "$d"
gpu="$(cut -d, -f1 "$d/gpu.txt")"
ctest --test-dir build -L gpu -R DispatchGpu --output-on-failure > "$d/ctest_dispatch.log" 2>&1
tail -3 "$d/ctest_dispatch.log"
bin=build/tools/autogemm/autogemm
for s in offgrid595_s23 decode_like48_s23; do
  "$bin" db rank --shapes "bench/shapes/$s.txt" --cost-model data/nvidia_h200.costmodel.json.gz \
    > "$d/rank_$s.txt"
  python3 scripts/picks_table.py "$d/rank_$s.txt" "$d/picks_$s.json" "$gpu"
done
sets="off=$d/picks_offgrid595_s23.json dec=$d/picks_decode_like48_s23.json"
case "$gpu" in *H200*) sets="$sets h200=data/nvidia_h200.json" ;; esac
SETS="$sets" REPS=2 OUT="$out" bash scripts/runs/split_order_ab.sh
if [ -x build/read_bw ]; then
  timeout 120 build/read_bw > "$d/read_bw.csv" 2> "$d/read_bw.log"
  tail -12 "$d/read_bw.csv"
fi
