#!/usr/bin/env bash
# Before/after one kernel change, in one device call. The same bench runs twice, each
# interleaved with cuBLASLt-autotune:
#   - default: the previous build's binary (.device/build_old.tar.xz, unpacked under old/), then
#     this build's;
#   - DEFINES=...: this binary both times, the second ("new") arm with
#     AUTOGEMM_JIT_DEFINES=$DEFINES (an experiment switch in the kernel template);
#   - NEW_ENV="NAME=VALUE": this binary both times, the second arm under that setting.
# Sets: the long-K probe shapes with the small-tile specs of cluster_small_tile_probe.sh, key3
# and the short-K probe shapes with three large specs. Then the kernel sweep's GPU tests
# (NO_SWEEP_TESTS=1 skips them) and traces of the 64x128 tiles on 1024x1024x16384.
# Used in notes 51-55, 59 and 63. TAG names the runs (h200_${TAG}_{old,new}_*).
# Runs ON the device. Output: $OUT/probe.tgz ({old,new}/results.tgz, ctest_sweep.log, trace_*).
set -uo pipefail
cd "$(dirname "$0")/../.."
out="${OUT:-/tmp/desc_out}"
tag="${TAG:-desc}"  # names the runs: h200_${tag}_{old,new}_*
defines="${DEFINES:-}"
new_env="${NEW_ENV:-}"
[ -z "$defines$new_env" ] && { rm -rf old && mkdir -p old && tar xJf .device/build_old.tar.xz -C old; }
p=sm90_f16f32_tn
source scripts/runs/small_tile_specs.sh
small="$small_tile_specs"
large=""
for s in 128x256x64_s4_c2x1_coop_persist_r8n_etma 256x128x64_s4_c1x2_coop_persist_r8m_etmar \
         128x192x64_s4_c2x1_pp_persist_r8n_etmar; do
  large+=" --spec ${p}_$s"
done
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
for v in old new; do
  bin=build/tools/autogemm/autogemm
  [ $v = old ] && [ -z "$defines$new_env" ] && bin=old/build/tools/autogemm/autogemm
  jit="" extra=""
  [ $v = new ] && jit="$defines" && extra="$new_env"
  # shellcheck disable=SC2086  # NEW_ENV is NAME=VALUE words for env
  env $extra OUT="$out/$v" AUTOGEMM_BIN="$(pwd)/$bin" AUTOGEMM_JIT_DEFINES="$jit" \
    RUN_LIMIT_S=150 bash scripts/device_job.sh --no-tests \
    "h200_${tag}_${v}_long_k_tn" "--shapes bench/shapes/probe_long_k.txt $m $small" \
    "h200_${tag}_${v}_key3_tn" "--shapes bench/shapes/key3.txt $m $large" \
    "h200_${tag}_${v}_small_k_tn" "--shapes bench/shapes/probe_small_k.txt $m $large"
done
if [ -z "${NO_SWEEP_TESTS:-}" ]; then  # set it to skip the kernel sweep's GPU tests
  timeout 300 ctest --test-dir build -R KernelSweep --output-on-failure > "$out/ctest_sweep.log" 2>&1
  echo "ctest KernelSweep: exit $? $(grep -E 'tests passed|tests failed' "$out/ctest_sweep.log")"
fi
OUT="$out" bash scripts/runs/trace_probe.sh 1024_1024_16384 \
  ${p}_64x128x64_s8_c1x1_wg1_persist_r8m_etma ${p}_64x128x64_s8_c2x1_wg1_persist_r8n_etma
# One file back (the device tool returns at most 8).
(cd "$out" && tar czf probe.tgz old new trace_* ctest_sweep.log 2>/dev/null; rm -rf old new trace_*)
