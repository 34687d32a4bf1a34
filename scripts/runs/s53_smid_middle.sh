#!/usr/bin/env bash
# ON the device (session 53, notes 390; pack with test_kernel_sweep): whole-tile grids placed by
# SM. First the GPU test of placed specs (split pieces and whole tiles, many launches, scaled);
# then the H200 table's middle-class whole-tile entries launched with PDL (571: no split pass,
# stream-K or cluster split-K) against their placed twins (scripts/sm_placed_twins.py --middle:
# `smid`, and `c1smid` for clustered entries), as tables in one bench with cuBLASLt-autotune nn
# and tn. PASS=1 (default): every entry, one process; PASS=2 SHAPES=...: a check process on the
# shapes given (those a twin won in pass 1). Predicted from session 52 (launched plainly, such
# twins lost 11.6% on average: the PDL overlap; placed by SM the overlap stays): level on most,
# a few percent on some few-tile entries.
# Needs a build where whole tiles may be placed (ac9fd28 with b42b4a4's fix; withdrawn after this run:
# the placed twins read 0.909x of the table's time, notes 390).
# Output: $OUT/smid_middle_PASS.tgz.
source "$(dirname "$0")/spec_bench.sh"
pass="${PASS:-1}"
top="$(probe_out "smid_middle_$pass")"
bin=build/tools/autogemm/autogemm
if [ "$pass" = 1 ]; then
  ctest --test-dir build -L gpu -R "KernelSweep.SmPlaced" --output-on-failure \
    > "$top/ctest_smid.log" 2>&1
  grep -E "tests passed|Failed|FAILED" "$top/ctest_smid.log" | head -4
fi
python3 scripts/sm_placed_twins.py data/nvidia_h200.json "$top" --middle > /dev/null
shapes="${SHAPES:-$(cat "$top/shapes.txt")}"
pre=()
for t in smid c1smid; do
  for s in $(table_specs "$top/$t.json" "$shapes"); do
    pre+=(--spec "$s")
  done
done
for s in $(table_specs data/nvidia_h200.json "$shapes"); do
  pre+=(--spec "$s")
done
timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
OUT="$top" BENCH_TIMEOUT=400 spec_bench "middle_$pass" "$shapes" table:shipped=data/nvidia_h200.json \
  table:smid="$top/smid.json" table:c1smid="$top/c1smid.json"
grep -A6 "^method" "$top/middle_$pass.log" | head -7
tar czf "$OUT/smid_middle_$pass.tgz" -C "$(dirname "$top")" "$(basename "$top")"
rm -rf "$top"
