#!/usr/bin/env bash
# Copies build/ to .device/build without object files, static archives and CPU-test executables,
# which the GPU machine does not need, so the carried tree stays under the device tool's 64 MiB. On the
# device, put it back in place before running anything:
#   rm -rf build && mv .device/build build && bash scripts/device_job.sh ...
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/CMakeCache.txt ] || { echo "pack_build.sh: no build/ (run scripts/build.sh)" >&2; exit 2; }
rm -rf .device/build
mkdir -p .device
cp -a build .device/build
find .device/build \( -name '*.o' -o -name '*.a' -o -name '*.o.d' \) -delete
# The CPU tests run here (and in CI), never on the device: drop their executables.
find .device/build/tests/cpu -maxdepth 1 -type f -executable -name 'test_*' -delete
rm -rf .device/build/tests/cpu/jit_cache
# CMake's compiler-identification scratch (several MB), its ABI probes, ninja's logs and the
# generated source of the embedded headers are not needed to run ctest.
find .device/build/CMakeFiles -maxdepth 2 -type d -name 'CompilerId*' -exec rm -rf {} +
find .device/build/CMakeFiles -maxdepth 2 -type f -name 'CMakeDetermineCompilerABI_*.bin' -delete
rm -f .device/build/.ninja_deps .device/build/.ninja_log .device/build/src/jit/embedded_headers.cpp
rm -rf .device/build/Testing  # the CPU tests' ctest logs
# KEEP_GPU_TESTS='test_a test_b': only these GPU-test executables travel (the others' CTest
# entries then fail if run), for calls that run a few tests and need the room.
if [ -n "${KEEP_GPU_TESTS:-}" ]; then
  for f in .device/build/tests/gpu/test_*; do
    [ -f "$f" ] && [ -x "$f" ] || continue
    case " $KEEP_GPU_TESTS " in *" $(basename "$f") "*) ;; *) rm -f "$f" ;; esac
  done
fi
# NO_CLI=1: leave out the autogemm command (GPU tests that do not run it: dispatch, bench, jit,
# kernel sweep, hang), for calls whose carry is short of room (the device tool's 64 MiB counts
# the tracked tree too).
[ -n "${NO_CLI:-}" ] && rm -f .device/build/tools/autogemm/autogemm
echo "pack_build.sh: .device/build ($(du -sh .device/build | cut -f1))"
