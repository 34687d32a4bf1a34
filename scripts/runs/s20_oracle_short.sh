#!/usr/bin/env bash
# The issue's oracle measured like for like (notes 139): the per-shape best spec of the sweep runs
# (ORACLE100_PICKS, DECODE_PICKS: tables by scripts/oracle_picks_table.py) timed again in short
# runs, one process each, interleaved per shape with cuBLASLt-autotune nn and tn and gemm()'s own
# pick (`auto`), REPS times (default 2). Then the GPU tests named by CTEST (a ctest -R regex;
# default the dispatch, first-sight, tuner and hang tests). ON the device. Output: $OUT/oracle_short.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/oracle_short}"
mkdir -p "$out/oracle_short"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$out/oracle_short/gpu.txt"
for rep in $(seq 1 "${REPS:-2}"); do
  SHAPES="$(grep -hv '^#' bench/shapes/oracle100.txt | tr '\n' ' ')" OUT="$out/oracle_short" \
    BENCH_TIMEOUT=200 spec_bench "oracle100_short_$rep" "" "table:best=${ORACLE100_PICKS:?}" auto
  tail -n 9 "$out/oracle_short/oracle100_short_$rep.log"
  SHAPES="$(grep -hv '^#' bench/shapes/decode.txt | tr '\n' ' ')" OUT="$out/oracle_short" \
    BENCH_TIMEOUT=120 spec_bench "decode_short_$rep" "" "table:best=${DECODE_PICKS:?}" auto
  tail -n 9 "$out/oracle_short/decode_short_$rep.log"
done
ctest --test-dir build -R "${CTEST:-DispatchGpu|FirstSightGpu|TuneGpu|HangGpu}" --output-on-failure \
  --timeout 300 > "$out/oracle_short/ctest_gpu.log" 2>&1
echo "ctest exit $?"; tail -n 8 "$out/oracle_short/ctest_gpu.log"
tar czf "$out/oracle_short.tgz" -C "$out" oracle_short && rm -rf "$out/oracle_short"
