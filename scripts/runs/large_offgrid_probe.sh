#!/usr/bin/env bash
# gemm()'s pick on large off-grid shapes (the cost model's, `costmodel:` picker) against a few
# fixed large-class specs (the winners of the off-grid tuning stores: 128x192 ping-pong with
# row-block stores, 128x256 / 256x128 cooperative, 192x192 split N), ON the device, after every
# GPU test unless NO_TESTS. SHAPES_FILE (default bench/shapes/large_offgrid32_s27.txt), REPS
# processes (default 1). Output: $OUT/large_offgrid.tgz.
source "$(dirname "$0")/spec_bench.sh"
name=large_offgrid
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
gpu_tests "$d/ctest_gpu.log"
shapes="$(shape_list "${SHAPES_FILE:-bench/shapes/large_offgrid32_s27.txt}")"
specs="${SPECS:-128x192x64_s4_c1x1_pp_persist_r8m_etmar 128x192x64_s4_c1x1_pp_persist_r8m_etma
  128x192x64_s4_c2x1_pp_persist_r8m_etmar 128x192x64_s4_c4x1_pp_persist_r8m_etmar
  128x192x64_s4_c1x1_pp_persist_r16m_etmar 128x176x64_s4_c1x1_pp_persist_r8m_etmar
  128x256x64_s3_c2x1_coop_persist_r8m_etmar 128x256x64_s4_c2x1_coop_persist_r8m_etma
  256x128x64_s4_c1x2_coop_persist_r8m_etma 192x192x64_s4_c1x1_coopn_persist_r8m_etmar}"
# shellcheck disable=SC2086
OUT="$d" BENCH_TIMEOUT="${BENCH_TIMEOUT:-280}" REPS="${REPS:-1}" spec_bench_reps "${RUN:-run}" \
  "$shapes" "costmodel:model=data/nvidia_h200.costmodel.json.gz" $specs
tar czf "$out/$name.tgz" -C "$out" "$name"
