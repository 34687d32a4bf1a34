#!/usr/bin/env bash
# ON an H200 (session 49, notes 357; ~4 min, CLI + test_dispatch_gpu pack): experiment S49, the
# trial's host probe (runtime::host_times: a candidate of a call estimated at <= 15 us ranked by
# the longer of its GPU time and the host's time per launch). `ctest -L gpu -R
# "TimedChoiceGpu|DispatchGpu"` first, then s49_trial_vs_bench.sh per arm (AUTOGEMM_EXP_S49=nohost:
# before; host: the probe), arms interleaved, ROUNDS rounds (default 2), one process per shape, on
# 24 fresh short decode-like shapes (decode_like_short24_s49) and 24 fresh small long-K ones
# (small_long_k24_s49). The reading: per arm, the trial's pick against the bench's fastest
# candidate in the same process (geomean), as in h200_trial_batch_s49.
# Rule, set before the run: the probe ships if pick/best improves by >= 0.5% on the decode-like
# set and loses <= 0.3% on the small set, in the pooled rounds. Predicted: decode-like
# 1.010 -> 1.003-1.006 (split-pass picks gone where the host binds), small within +-0.3%.
# SETS="NAME:FILE ..." replaces the two sets, NO_TESTS=1 skips the GPU tests. The second run
# (notes 357): SETS=middle:bench/shapes/offgrid_middle_short32_s49.txt NO_TESTS=1, the 32 of
# offgrid_middle_s49's shapes in the probe's range.
# The switch is gone since the probe shipped (notes 357): both arms now run it.
# Output: $OUT/s49_host_probe.tgz
root="${OUT:-/tmp/s49_host_probe}"
mkdir -p "$root/s49_host_probe"
if [ -z "${NO_TESTS:-}" ]; then
  timeout 200 ctest --test-dir build -L gpu -R "TimedChoiceGpu|DispatchGpu" \
    > "$root/s49_host_probe/ctest_gpu.log" 2>&1
  tail -3 "$root/s49_host_probe/ctest_gpu.log"
fi
for round in $(seq 1 "${ROUNDS:-2}"); do
  for arm in nohost:nohost host:; do
    for set in ${SETS:-short:bench/shapes/decode_like_short24_s49.txt small:bench/shapes/small_long_k24_s49.txt}; do
      d="$root/s49_host_probe/${set%%:*}_${arm%%:*}_$round"
      mkdir -p "$d"
      OUT="$d" REPS=1 SHAPES="${set#*:}" AUTOGEMM_EXP_S49="${arm#*:}" timeout 200 \
        bash scripts/runs/s49_trial_vs_bench.sh > "$d.log" 2>&1
      echo "$d: exit $?"
      rm -rf "$d/s49_trial_vs_bench/tables" "$d"/*.tgz
    done
  done
  tar czf "$root/s49_host_probe.tgz" -C "$root" s49_host_probe
done
