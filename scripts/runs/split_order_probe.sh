#!/usr/bin/env bash
# Needs the switch AUTOGEMM_SPLIT_TILE_MAJOR of 8e30645-b37a350 (AUTOGEMM_SPLIT_PIECE_MAJOR before
# it), since replaced by the spec field split_piece_major ("_skpNp"; notes 158).
# The runs of record (ea5ab5b, 844fc5a) had tile-major as the default and the switch
# AUTOGEMM_SPLIT_PIECE_MAJOR; piece-major is the default now, AUTOGEMM_SPLIT_TILE_MAJOR the switch.
# Session 22 (notes 156), ON the device. Split-K with a reduction pass launches one cluster per
# piece, a tile's pieces side by side (cluster c: piece c % S of unit c / S). The switch
# AUTOGEMM_SPLIT_PIECE_MAJOR (scheduler.cuh, split_reduce.cuh) numbers them piece-major instead
# (piece c / U of unit c % U), so neighbouring clusters share a k-range and, in raster order, an
# A or B slice: the L2 request coalescer merges identical requests of sharers placed near each
# other (notes 60-66). Predicted: a few % on the few-tile long-K losers, or nothing.
# The losers (this GPU's table picks, most of them split-pass) and two split-pass sweep specs, each
# order in its own process, alternating, REPS pairs (default 3); then the split-pass GPU test
# under the switch. Output: $OUT/split_order.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/split_order}"
d="$out/split_order"
record_machine "$d"
# gemm()'s table for this GPU, as a table method (auto cannot run beside named specs).
case "$(cat "$d/gpu.txt")" in
  *H100*) cp data/nvidia_h100_80gb_hbm3.json "$d/picks.json" ;;
  *) cp data/nvidia_h200.json "$d/picks.json" ;;
esac
shapes="512_512_16384 64_1024_16384 128_2048_8192 256_512_12288 256_1024_16384 1024_512_16384 1024_1024_16384 4096_256_16384"
for rep in $(seq 1 "${REPS:-3}"); do
  for order in tile piece; do
    def=""
    [ $order = tile ] && def="AUTOGEMM_SPLIT_TILE_MAJOR"
    AUTOGEMM_JIT_DEFINES="$def" OUT="$d" BENCH_TIMEOUT=120 spec_bench "order_${order}_$rep" "$shapes" \
      "table:picks=$d/picks.json" 64x128x64_s8_c2x1_wg1_tiles_r8m_skp4 \
      128x128x64_s6_c2x1_coop_tiles_r8m_skp8 > /dev/null
    echo "== $order $rep"; grep -A5 "^method" "$d/order_${order}_$rep.log" | head -6
  done
done
timeout 200 ctest --test-dir build \
  -R "KernelSweep.SplitReductionPass" --output-on-failure > "$d/ctest_split_piece_major.log" 2>&1
echo "ctest (piece-major) exit $?"; grep -E "tests passed|tests failed" "$d/ctest_split_piece_major.log"
tar czf "$out/split_order.tgz" -C "$out" split_order && rm -rf "$d"
