#!/usr/bin/env bash
# ON the device (prepared in session 37 for the next; no switch needed): is a split-pass GEMM
# faster as a plain launch exactly when its grid nearly fills the GPU? (notes 262: four c1x1
# 128-CTA table entries ran 8-24% faster plainly, while plain launches cost split-pass picks
# 4.5-10% elsewhere.) Per line of bench/shapes/skp_fill_s37.txt: its specs and their `_nopdl`
# twins interleaved with cuBLASLt-autotune, REPS processes a line (default 2). Then the four
# table entries themselves, each spec against its PDL twin, the same way.
# Output: $OUT/s38_skp_fill.tgz
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/s38_skp_fill}"
d="$top/s38_skp_fill"
record_machine "$d" > /dev/null
run_line() {  # NAME SHAPE SPEC...: each spec and its plain twin
  local name="$1" shape="$2" s specs=()
  shift 2
  for s in "$@"; do specs+=("$s" "${s}_nopdl"); done
  OUT="$d" BENCH_TIMEOUT=60 REPS="${REPS:-2}" spec_bench_reps "$name" "$shape" "${specs[@]}" \
    > /dev/null
}
grep -v '^#' bench/shapes/skp_fill_s37.txt | while read -r shape specs; do
  run_line "fill_$shape" "$shape" $specs
done
# The table's four (data/nvidia_h200.json at 51e569c), their specs without `_nopdl`.
run_line table_512_256_12288 512_256_12288 64x128x64_s6_c1x1_wg1_tiles_r16n_skp8p_lag2
run_line table_512_256_16384 512_256_16384 64x128x64_s7_c1x1_wg1_tiles_r4m_skp8p
run_line table_1024_256_12288 1024_256_12288 64x128x64_s8_c1x1_wg1_tiles_r8n_skp4p
run_line table_1024_256_16384 1024_256_16384 64x128x64_s8_c1x1_wg1_tiles_r4n_skp4p
tar czf "$top/s38_skp_fill.tgz" -C "$top" s38_skp_fill
