#!/usr/bin/env bash
# Installs NVIDIA's cuobjdump and the nvdisasm it runs for -sass (PyPI wheels
# nvidia-cuda-cuobjdump, nvidia-cuda-nvdisasm) for the JIT tests, which disassemble NVRTC's
# cubins to check for HGMMA. The CUDA images we build on ship neither. Pinned: 13.0.x is not on
# PyPI, 13.5.37 is the newest 13.x there.
#
# Installs into ${AUTOGEMM_TOOLS_DIR:-$HOME/.local/share/autogemm/tools}/cuobjdump-<version>
# and links <tools>/bin/cuobjdump to it, where tests/cpu/test_jit_nvrtc.cpp looks (after
# $AUTOGEMM_CUOBJDUMP and PATH). Idempotent: does nothing when that version is installed.
set -euo pipefail

version=13.5.37
tools="${AUTOGEMM_TOOLS_DIR:-$HOME/.local/share/autogemm/tools}"
target="$tools/cuobjdump-$version"
bindir="$target/nvidia/cu13/bin"

if [ ! -x "$bindir/cuobjdump" ] || [ ! -x "$bindir/nvdisasm" ]; then
  rm -rf "$target.partial"  # left by an interrupted run
  PIP_ROOT_USER_ACTION=ignore python3 -m pip install --quiet --disable-pip-version-check --no-deps \
    --target "$target.partial" "nvidia-cuda-cuobjdump==$version" "nvidia-cuda-nvdisasm==$version"
  rm -rf "$target"
  mv "$target.partial" "$target"
fi
for tool in cuobjdump nvdisasm; do
  [ -x "$bindir/$tool" ] || { echo "install_cuobjdump: $bindir/$tool missing" >&2; exit 1; }
done

# cuobjdump finds nvdisasm beside its own (resolved) path, so links are enough.
mkdir -p "$tools/bin"
ln -sfn "$bindir/cuobjdump" "$tools/bin/cuobjdump"
ln -sfn "$bindir/nvdisasm" "$tools/bin/nvdisasm"
"$tools/bin/cuobjdump" --version | tail -n 1
echo "cuobjdump: $tools/bin/cuobjdump"
