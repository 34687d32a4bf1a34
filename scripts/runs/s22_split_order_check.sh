#!/usr/bin/env bash
# Needs the switch AUTOGEMM_SPLIT_TILE_MAJOR of 8e30645-b37a350 (AUTOGEMM_SPLIT_PIECE_MAJOR before
# it), since replaced by the spec field split_piece_major ("_skpNp"; notes 158).
# Session 22 (notes 158), ON the device: the piece-major split order (notes 156, the default)
# against AUTOGEMM_SPLIT_TILE_MAJOR on the sets it was not decided on: the decode shapes with
# session 21's chosen decode picks (split-pass swap-AB among them) and oracle100's shapes whose
# chosen pick is a split-pass spec, each order in its own process, alternating, REPS pairs
# (default 2). Output: $OUT/split_order_check.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/split_order_check}"
d="$out/split_order_check"
record_machine "$d"
r=bench/results/h200
zcat $r/h200_oracle_s21_decode_chosen.json.gz > "$d/decode_chosen.json"
zcat $r/h200_oracle_s21_oracle100_chosen.json.gz > "$d/oracle100_chosen.json"
skp="$(python3 -c 'import json, sys
print(" ".join("%d_%d_%d" % (e["m"], e["n"], e["k"]) for e in json.load(open(sys.argv[1]))["entries"] if "_skp" in e["spec"]))' "$d/oracle100_chosen.json")"
decode="$(grep -v '^#' bench/shapes/decode.txt | tr '\n' ' ')"
for rep in $(seq 1 "${REPS:-2}"); do
  for order in tile piece; do
    def=""
    [ $order = tile ] && def="AUTOGEMM_SPLIT_TILE_MAJOR"
    AUTOGEMM_JIT_DEFINES="$def" OUT="$d" BENCH_TIMEOUT=120 spec_bench "decode_${order}_$rep" "$decode" \
      "table:chosen=$d/decode_chosen.json" > /dev/null
    AUTOGEMM_JIT_DEFINES="$def" OUT="$d" BENCH_TIMEOUT=120 spec_bench "oracle_skp_${order}_$rep" "$skp" \
      "table:chosen=$d/oracle100_chosen.json" > /dev/null
    echo "== $order $rep"; grep -h "^chosen_tn  " "$d/decode_${order}_$rep.log" "$d/oracle_skp_${order}_$rep.log" | head -2
  done
done
tar czf "$out/split_order_check.tgz" -C "$out" split_order_check && rm -rf "$d"
