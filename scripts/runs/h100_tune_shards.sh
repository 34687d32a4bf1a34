#!/usr/bin/env bash
# The H100 form of tune_shards.sh, under the name the s19-s20 records give (h100_tune_s19.md,
# h100_retune_b64_s19.md, h100_offgrid_train_s19.md, h100_offgrid_train_s20.md).
GPU_MATCH=H100 exec bash "$(dirname "$0")/tune_shards.sh" "$@"
