#!/usr/bin/env bash
# Configures and builds autogemm into build/ (Release), and records the source commit in
# build/COMMIT (with -dirty if the tree has changes) — the device machine gets the build folder
# but maybe not .git, and results must name their commit.
# Usage: bash scripts/build.sh [extra cmake -D options]
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v nvcc >/dev/null && [ -x /usr/local/cuda/bin/nvcc ]; then
  export PATH="/usr/local/cuda/bin:$PATH"
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
cmake --build build -j "$(nproc)"

if git rev-parse HEAD >/dev/null 2>&1; then
  commit=$(git rev-parse HEAD)
  [ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit-dirty"
else
  commit=unknown
fi
echo "$commit" > build/COMMIT
echo "build.sh: built $commit into build/ ($(du -sh build | cut -f1))"
