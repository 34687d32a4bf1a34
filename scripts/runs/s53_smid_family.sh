#!/usr/bin/env bash
# ON the device (session 53, notes 388; CLI-only pack): the H200 table against
# scripts/split_plain_family.py --smid's candidates (64x128, 64x64, 128x128 and 128x64 tiles in
# as many pieces as fill one wave, pieces major, r8m / r1n, one-CTA, under PDL with the pieces
# placed by SM), as tables in one bench with cuBLASLt-autotune nn and tn, two processes (the first
# confirms, the second can veto: scripts/table_update_confirmed.py). SET=split (default): the
# table's 84 split-pass entries; SET=unsplit: the middle class's other few-tile entries (K >= 2048).
# Predicted from session 52's plain family (16 of 82 replaced, 1.041x on those) and smid_twins_s53
# (placed twins 2-13% under the plain launches on one-wave grids): more replaced than s52's.
# Output: $OUT/smid_family_SET.tgz.
source "$(dirname "$0")/spec_bench.sh"
set_name="${SET:-split}"
name="smid_family_$set_name"
top="$(probe_out "$name")"
bin=build/tools/autogemm/autogemm
python3 scripts/split_plain_family.py data/nvidia_h200.json "$top" --smid \
  $([ "$set_name" = unsplit ] && echo --unsplit)
forms="$(cd "$top" && ls p*.json | sed 's/\.json$//' | tr '\n' ' ')"
tables=(table:shipped=data/nvidia_h200.json)
pre=()
for t in $forms; do
  tables+=(table:"$t"="$top/$t.json")
  for s in $(table_specs "$top/$t.json"); do
    pre+=(--spec "$s")
  done
done
shapes="$(cat "$top/shapes.txt")"
for s in $(table_specs data/nvidia_h200.json "$shapes"); do
  pre+=(--spec "$s")
done
timeout 200 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1
for i in 1 2; do
  OUT="$top" BENCH_TIMEOUT=200 spec_bench "family_$i" "$shapes" "${tables[@]}"
  grep -A12 "^method" "$top/family_$i.log" | head -13
done
tar czf "$OUT/$name.tgz" -C "$(dirname "$top")" "$(basename "$top")"
rm -rf "$top"
