#!/usr/bin/env bash
# Twenty-third session, second device call (notes 162), ON the device: the GPU tests that draw
# the sweep's and the fitted family's split-pass specs (now piece-major) and gemm()'s, then this
# GPU's table's split-pass entries re-tuned at budget 24 with the tuner's new first local move
# (the pieces' other launch order), confirm and check runs (tune_shards.sh, CHECK=1).
# Output: $OUT/s23_call2/ and $OUT/<gpu>_shards.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/s23_call2}"
d="$out/s23_call2"
record_machine "$d"
ctest --test-dir build -L gpu -R "KernelSweep.(FittedSpecs|SplitReductionPass)|DispatchGpu" \
  --output-on-failure > "$d/ctest_gpu.log" 2>&1
grep -E "Test +#|tests passed" "$d/ctest_gpu.log"
case "$(cat "$d/gpu.txt")" in
  *H200*) match=H200 shapes=bench/shapes/skp_entries_h200.txt ;;
  *) match=H100 shapes=bench/shapes/skp_entries_h100.txt ;;
esac
# (On an H100 tune_shards.sh compares with the H200 table by default; COMPARE names the H100's
# own, as table_update_confirmed.py needs: s23_call4.sh ran that comparison after the fact.)
[ "$match" = H100 ] && export COMPARE="${COMPARE:-table:shipped=data/nvidia_h100_80gb_hbm3.json}"
GPU_MATCH=$match SHAPES=$shapes BUDGET=24 CHECK=1 TUNE_SECONDS=300 OUT="$out" \
  bash scripts/runs/tune_shards.sh
