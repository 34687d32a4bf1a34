#!/usr/bin/env bash
# ON the device (session 52; CLI-only pack): the H200 table's 82 split-pass entries against their
# twins launched without PDL (scripts/split_launch_twins.py: nopdl, c1r8m, c1r1n), all four as
# tables in one bench with cuBLASLt-autotune nn and tn, in two processes (the first confirms,
# the second can veto: scripts/table_update_confirmed.py). Predicted from s52_order_crossings_probe
# (256x1024x16384 9-11% faster as 64x128 c1x1 skp4p r8m nopdl): the c1 twins faster on the
# few-tile long-K entries, where L2 delivery bounds the grid; nopdl alone slower (the launch
# overlap lost, the tile order unchanged).
# Output: $OUT/split_twins_s52/ tarred as $OUT/split_twins_s52.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out split_twins_s52)"
bin=build/tools/autogemm/autogemm
python3 scripts/split_launch_twins.py data/nvidia_h200.json "$top"
pre=()
for t in nopdl c1r8m c1r1n; do
  for s in $(python3 -c "import json,sys; print(' '.join(e['spec'] for e in json.load(open(sys.argv[1]))['entries']))" "$top/$t.json"); do
    pre+=(--spec "$s")
  done
done
for s in $(python3 -c "import json; print(' '.join(e['spec'] for e in json.load(open('data/nvidia_h200.json'))['entries'] if '_skp' in e['spec']))"); do
  pre+=(--spec "$s")
done
timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
for i in 1 2; do
  OUT="$top" BENCH_TIMEOUT=260 spec_bench "twins_$i" "$(cat "$top/shapes.txt")" \
    table:shipped=data/nvidia_h200.json table:nopdl="$top/nopdl.json" \
    table:c1r8m="$top/c1r8m.json" table:c1r1n="$top/c1r1n.json"
  grep -A8 "^method" "$top/twins_$i.log" | head -9
done
tar czf "$OUT/split_twins_s52.tgz" -C "$(dirname "$top")" "$(basename "$top")"
