#!/usr/bin/env bash
# Needs the switch AUTOGEMM_SPLIT_TILE_MAJOR of 8e30645-b37a350 (AUTOGEMM_SPLIT_PIECE_MAJOR before
# it), since replaced by the spec field split_piece_major ("_skpNp"; notes 158).
# The runs of record (ea5ab5b, 844fc5a) had tile-major as the default and the switch
# AUTOGEMM_SPLIT_PIECE_MAJOR; piece-major is the default now, AUTOGEMM_SPLIT_TILE_MAJOR the switch.
# Session 22 (notes 156), ON the device: AUTOGEMM_SPLIT_PIECE_MAJOR (split_order_probe.sh) on
# every shape whose table entry (this GPU's table) is a split-pass spec
# (bench/shapes/skp_entries_{h100,h200}.txt), the table's picks in each order, alternating
# processes, REPS pairs (default 2). Output: $OUT/split_order_table.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/split_order_table}"
d="$out/split_order_table"
record_machine "$d"
case "$(cat "$d/gpu.txt")" in
  *H100*) table=data/nvidia_h100_80gb_hbm3.json set=h100 ;;
  *) table=data/nvidia_h200.json set=h200 ;;
esac
shapes="$(grep -v '^#' bench/shapes/skp_entries_$set.txt | tr '\n' ' ')"
for rep in $(seq 1 "${REPS:-2}"); do
  for order in tile piece; do
    def=""
    [ $order = tile ] && def="AUTOGEMM_SPLIT_TILE_MAJOR"
    AUTOGEMM_JIT_DEFINES="$def" OUT="$d" BENCH_TIMEOUT=250 spec_bench "${set}_order_${order}_$rep" "$shapes" \
      "table:picks=$table" > /dev/null
    echo "== $order $rep"; grep -A4 "^method" "$d/${set}_order_${order}_$rep.log" | head -5
  done
done
tar czf "$out/split_order_table.tgz" -C "$out" split_order_table && rm -rf "$d"
