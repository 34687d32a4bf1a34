#!/usr/bin/env bash
# ON the device (session 52; CLI-only pack): H200 table entries against their twins launched
# without PDL (scripts/split_launch_twins.py), all as tables in one bench with cuBLASLt-autotune
# nn and tn, in two processes (the first confirms, the second can veto:
# scripts/table_update_confirmed.py). SET=split (default): the 82 split-pass entries and their
# nopdl, c1r8m and c1r1n twins. Predicted from s52_order_crossings_probe (256x1024x16384 9-11%
# faster as 64x128 c1x1 skp4p r8m nopdl): the c1 twins faster on the few-tile long-K entries,
# where L2 delivery bounds the grid; nopdl alone slower (the launch overlap lost, the tile order
# unchanged). SET=middle: the other middle-class entries launched with PDL and their nopdl and
# c1nopdl twins. SET=family: the 82 split-pass entries against scripts/split_plain_family.py's
# plainly launched split candidates (64x128, 64x64, 128x128 and 128x64 tiles, r8m and r1n);
# SET=unsplit: the same candidates for the middle class's 123 other few-tile entries (K >= 2048).
# Output: $OUT/NAME/ tarred as $OUT/NAME.tgz, NAME SET_twins_s52.
source "$(dirname "$0")/spec_bench.sh"
set_name="${SET:-split}"
name="${set_name}_twins_s52"
top="$(probe_out "$name")"
bin=build/tools/autogemm/autogemm
if [ "$set_name" = middle ]; then
  forms="nopdl c1nopdl"
  python3 scripts/split_launch_twins.py data/nvidia_h200.json "$top" --middle
elif [ "$set_name" = family ] || [ "$set_name" = unsplit ]; then
  python3 scripts/split_plain_family.py data/nvidia_h200.json "$top" \
    $([ "$set_name" = unsplit ] && echo --unsplit)
  forms="$(cd "$top" && ls p*.json | sed 's/\.json$//' | tr '\n' ' ')"
else
  forms="nopdl c1r8m c1r1n"
  python3 scripts/split_launch_twins.py data/nvidia_h200.json "$top"
fi
tables=(table:shipped=data/nvidia_h200.json)
pre=()
for t in $forms; do
  tables+=(table:"$t"="$top/$t.json")
  for s in $(table_specs "$top/$t.json"); do
    pre+=(--spec "$s")
  done
done
for s in $(table_specs data/nvidia_h200.json); do
  pre+=(--spec "$s")
done
timeout 300 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
for i in 1 2; do
  OUT="$top" BENCH_TIMEOUT=260 spec_bench "twins_$i" "$(cat "$top/shapes.txt")" "${tables[@]}"
  grep -A8 "^method" "$top/twins_$i.log" | head -9
done
tar czf "$OUT/$name.tgz" -C "$(dirname "$top")" "$(basename "$top")"
