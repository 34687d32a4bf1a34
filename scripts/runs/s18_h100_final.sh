#!/usr/bin/env bash
# Eighteenth session's H100 acceptance runs, gemm() alone: oracle100 with the H100's own table
# over the H200's (auto) beside the H200 table's picks, bf16 and fp16 accumulation through gemm(),
# the latency pair and the decode shapes (h100_gemm_alone.sh). ON the device.
TAG=s18 exec bash "$(dirname "$0")/h100_gemm_alone.sh"
