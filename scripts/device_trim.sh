#!/usr/bin/env bash
# The device tool copies the working tree (tracked files as they are on disk) and counts its
# blocks against 64 MiB; the tree and a ~4 MB pack are at that limit (notes 385). `out` moves the
# largest tracked results that no device run reads (the H200 tuning-state archives) to
# $TRIM_DIR (default /tmp/autogemm_trim), `back` restores them; `git status` is clean again after.
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${TRIM_DIR:-/tmp/autogemm_trim}"
files=(bench/results/h200/h200_issue5_grid_b32_state.txz bench/results/h200/h200_grid_b32_s13_state.txz
       bench/results/h200/h200_grid_b32_s13b_state.txz)
case "${1:-}" in
  out)
    mkdir -p "$dir"
    for f in "${files[@]}"; do [ -e "$f" ] && mv "$f" "$dir/"; done
    echo "moved ${#files[@]} archives to $dir; run '$0 back' after the device call" ;;
  back)
    for f in "${files[@]}"; do
      b="$dir/$(basename "$f")"
      if [ -e "$b" ]; then mv "$b" "$f"; elif [ ! -e "$f" ]; then git checkout -- "$f"; fi
    done
    echo "restored" ;;
  *) echo "usage: $0 out|back" >&2; exit 2 ;;
esac
