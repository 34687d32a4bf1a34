#!/usr/bin/env bash
# Runs ON the GPU machine, in the repository root, with the build folder carried from the
# machine that built it (docs/DEVICE.md). Runs the GPU tests, then benchmark runs, and leaves
# everything in $OUT: results.tgz (CSV, JSON and .md of each run, logs, nvidia-smi) and
# summary.txt (the end of each log). One tarball, because the device tool returns at most
# 8 files.
#
# Usage: bash scripts/device_job.sh [--no-tests | --ctest 'CTEST ARGS'] [NAME 'BENCH ARGS' ...]
#   --ctest: extra ctest arguments, e.g. '-R BenchGpu' to run only the bench's GPU tests.
#   NAME 'ARGS' pairs: one `autogemm bench ARGS --out NAME.csv` run each, or, for a NAME
#   starting with torch_, one `python3 python/torch_matmul_bench.py ARGS --out NAME.csv`, or,
#   for a NAME starting with cmd_, one `autogemm ARGS` (any subcommand; @OUT@ in ARGS becomes
#   the results folder, e.g. 'overhead --spec S --out @OUT@/overhead.csv').
#   No pairs: a smoke run (two shapes, all six baselines, kernel mode).
# Example (the issue-2 acceptance runs, ~10 minutes of device time):
#   bash scripts/device_job.sh \
#     grid_kernel_a '--grid cudal2 --mode kernel' grid_kernel_b '--grid cudal2 --mode kernel' \
#     grid100_offline '--shapes bench/shapes/grid100.txt --mode offline' \
#     torch_grid100_offline '--shapes bench/shapes/grid100.txt --mode offline'
set -uo pipefail

root="$(pwd)"
out="${OUT:-$root/device_out}"
work="$out/results"
mkdir -p "$work"
summary="$out/summary.txt"
: > "$summary"
note() { echo "$*" | tee -a "$summary"; }

run_tests=1
ctest_args=""
if [ "${1:-}" = "--no-tests" ]; then run_tests=0; shift; fi
if [ "${1:-}" = "--ctest" ]; then ctest_args="$2"; shift 2; fi
if [ $# -eq 0 ]; then set -- smoke '--mnk 64_4096_64 --mnk 4096_4096_4096'; fi
if [ $(($# % 2)) -ne 0 ]; then echo "device_job.sh: arguments must be NAME 'ARGS' pairs" >&2; exit 2; fi

[ -f build/CMakeCache.txt ] || { echo "device_job.sh: no build/ here (carry it: docs/DEVICE.md)" >&2; exit 2; }
# AUTOGEMM_BIN: another build's binary (e.g. the previous commit's, for a before/after run in
# one device call); its commit is read from the COMMIT file of its build folder.
bin="${AUTOGEMM_BIN:-$root/build/tools/autogemm/autogemm}"
commit=$(cat "$(dirname "$bin")/../../COMMIT" 2>/dev/null || echo unknown)
export AUTOGEMM_COMMIT="$commit"

# CTest's files name the absolute paths of the machine that built them; make those paths
# lead here if this tree lives elsewhere.
built_in=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' build/CMakeCache.txt)
if [ -n "$built_in" ] && [ "$built_in" != "$root" ] && [ ! -e "$built_in" ]; then
  mkdir -p "$(dirname "$built_in")" && ln -s "$root" "$built_in" && note "linked $built_in -> $root"
fi

# cuBLAS 13: from the CUDA toolkit if the loader finds it, else from PyTorch's wheels.
if ldd "$bin" | grep -q "not found"; then
  for d in $(python3 -c 'import site; print(" ".join(site.getsitepackages()))' 2>/dev/null) \
           /usr/local/cuda/lib64; do
    for lib in "$d"/nvidia/cu13/lib "$d"/nvidia/cublas/lib "$d"; do
      [ -e "$lib/libcublasLt.so.13" ] && export LD_LIBRARY_PATH="$lib:${LD_LIBRARY_PATH:-}"
    done
  done
  ldd "$bin" | grep "not found" && note "WARNING: libraries still missing"
fi

nvidia-smi > "$work/nvidia-smi.txt" 2>&1
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1)
driver=$(nvidia-smi --query-gpu=driver_version --format=csv,noheader 2>/dev/null | head -1)
"$bin" info > "$work/autogemm-info.txt" 2>&1
note "commit $commit; GPU $gpu; driver $driver; $(date -u +%Y-%m-%dT%H:%M:%SZ)"

if [ $run_tests -eq 1 ]; then
  t0=$(date +%s)
  # shellcheck disable=SC2086
  ctest --test-dir build -L gpu --output-on-failure $ctest_args > "$work/ctest_gpu.log" 2>&1
  note "ctest -L gpu $ctest_args: exit $? in $(( $(date +%s) - t0 )) s: $(grep -E 'tests passed|tests failed' "$work/ctest_gpu.log" | tail -1)"
  grep -E "^\s+[0-9]+ - .*\((Failed|Timeout|SEGFAULT|Subprocess)" "$work/ctest_gpu.log" | tee -a "$summary"
fi

while [ $# -gt 0 ]; do
  name="$1" args="$2"
  shift 2
  if [[ "$name" == cmd_* ]]; then
    args="${args//@OUT@/$work}"
    cmd="autogemm ${args//$work/@OUT@}"
  elif [[ "$name" == torch_* ]]; then
    cmd="python3 python/torch_matmul_bench.py $args --out $name.csv"
  else
    cmd="autogemm bench $args --out $name.csv"
  fi
  t0=$(date +%s)
  # The bench ends itself on a hung kernel (exit 5, AUTOGEMM_HANG_SECONDS); the timeout is a
  # backstop so one stuck run cannot take the whole device call (10 minutes at most).
  limit=(timeout -k 10 "${RUN_LIMIT_S:-500}")
  # shellcheck disable=SC2086  # ARGS is a flag string, split on purpose
  if [[ "$name" == cmd_* ]]; then
    "${limit[@]}" "$bin" $args > "$work/$name.log" 2>&1
  elif [[ "$name" == torch_* ]]; then
    PYTHONUNBUFFERED=1 "${limit[@]}" python3 python/torch_matmul_bench.py $args \
      --out "$work/$name.csv" > "$work/$name.log" 2>&1
  else
    "${limit[@]}" "$bin" bench $args --out "$work/$name.csv" > "$work/$name.log" 2>&1
  fi
  rc=$?
  secs=$(( $(date +%s) - t0 ))
  cat > "$work/$name.md" <<MD
# $name

- command: \`$cmd\`
- exit code: $rc, wall time: ${secs} s
- commit: $commit
- GPU: $gpu (driver $driver)
- date (UTC): $(date -u +%Y-%m-%dT%H:%M:%SZ)
- run by: scripts/device_job.sh on the device machine${AUTOGEMM_JIT_DEFINES:+
- JIT defines: AUTOGEMM_JIT_DEFINES=$AUTOGEMM_JIT_DEFINES}

\`\`\`
$(tail -n 40 "$work/$name.log")
\`\`\`
MD
  note "$name: exit $rc in ${secs} s ($(($(wc -l < "$work/$name.csv" 2>/dev/null || echo 1) - 1)) rows)"
  tail -n 25 "$work/$name.log" >> "$summary"
done

tar czf "$out/results.tgz" -C "$work" .
rm -rf "$work"
note "results: $out/results.tgz"
