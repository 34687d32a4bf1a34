#!/usr/bin/env bash
# Session 36's first device call, ON the device: what it runs depends on the card it was given.
# An H200 (issue 3 and 4's criteria are the H200's): issue 4's short runs, the latency shapes and
# issue 3's headline shapes, one process each (s31_acceptance.sh, REPS=1). An H100: session 35's
# open checks (s35_next_check.sh: gemm()'s picks with a cold L2, the sweep on skinny shapes).
gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader | head -n 1)"
echo "GPU: $gpu"
case "$gpu" in
  *H200*) REPS=1 bash "$(dirname "$0")/s31_acceptance.sh" ;;
  *) bash "$(dirname "$0")/s35_next_check.sh" ;;
esac
