#!/usr/bin/env bash
# The device tool copies the working tree (tracked files as they are on disk) and counts its
# blocks against 64 MiB; the tree and a ~4 MB pack are at that limit (notes 385). `out` moves the
# largest tracked results that no device run reads (the H200 tuning-state archives) to
# $TRIM_DIR (default /tmp/autogemm_trim), `back` restores them; `git status` is clean again after.
# Nothing is overwritten: `out` skips a file already in $TRIM_DIR, and `back` refuses where the
# tree holds a different copy again (it keeps both and says so).
set -euo pipefail
cd "$(dirname "$0")/.."
dir="${TRIM_DIR:-/tmp/autogemm_trim}"
files=(bench/results/h200/h200_issue5_grid_b32_state.txz bench/results/h200/h200_grid_b32_s13_state.txz
       bench/results/h200/h200_grid_b32_s13b_state.txz)
moved=0
case "${1:-}" in
  out)
    mkdir -p "$dir"
    for f in "${files[@]}"; do
      b="$dir/$(basename "$f")"
      if [ -e "$f" ] && [ ! -e "$b" ]; then mv "$f" "$b"; moved=$((moved + 1)); fi
    done
    echo "moved $moved of ${#files[@]} archives to $dir; run '$0 back' after the device call" ;;
  back)
    status=0
    for f in "${files[@]}"; do
      b="$dir/$(basename "$f")"
      if [ -e "$b" ] && [ -e "$f" ]; then
        if cmp -s "$b" "$f"; then rm "$b"; else
          echo "$f is in the tree again and differs from $b: both kept" >&2; status=1
        fi
      elif [ -e "$b" ]; then mv "$b" "$f"; moved=$((moved + 1))
      elif [ ! -e "$f" ]; then git checkout -- "$f"; moved=$((moved + 1))
      fi
    done
    echo "restored $moved of ${#files[@]}"
    exit "$status" ;;
  *) echo "usage: $0 out|back" >&2; exit 2 ;;
esac
