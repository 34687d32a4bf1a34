#!/usr/bin/env bash
# Installs the Debian packages autogemm builds and tests with. Idempotent: installs only what
# is missing (and then runs apt-get update first), so a set-up machine needs no network.
# The CUDA toolkit (nvcc 13, cuBLAS) is not a Debian package here: it must already be in
# /usr/local/cuda or on PATH.
set -euo pipefail

packages=(cmake ninja-build g++ libgtest-dev nlohmann-json3-dev libcli11-dev libfmt-dev
          libsqlite3-dev libxgboost-dev zlib1g-dev)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup.sh: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
    sudo="sudo"
  fi
  echo "setup.sh: installing ${missing[*]}"
  $sudo apt-get update -q
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "setup.sh: all packages present"
fi

if ! command -v nvcc >/dev/null && [ ! -x /usr/local/cuda/bin/nvcc ]; then
  echo "setup.sh: no CUDA toolkit (nvcc) found; install CUDA 13 into /usr/local/cuda" >&2
  exit 1
fi
bash "$(dirname "$0")/install_cuobjdump.sh"
