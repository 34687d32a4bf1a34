#!/usr/bin/env bash
# Nineteenth session's H100 acceptance runs (h100_gemm_alone.sh): gemm() alone on oracle100 with
# the H100's 1,000-entry table (auto) beside the H200 table's picks; bf16 and fp16 accumulation
# through gemm(); the latency pair; decode through gemm() and the decode sweep with the fitted
# specs. (Its first form also ran the sweep with --spec auto, which the bench refuses; the
# issue's oracle is s19_h100_oracle.sh.) ON the device.
TAG=s19 DECODE_SWEEP=1 exec bash "$(dirname "$0")/h100_gemm_alone.sh"
