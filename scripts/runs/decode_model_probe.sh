#!/usr/bin/env bash
# A cost model for the decode regime (notes 166), ON the device: the shipped cost model's picks
# (`main`) against a model trained with the decode-like store too (`dec`, DEC_MODEL, default
# build/decode.costmodel.json) on bench/shapes/decode_regime85_s23.txt (M <= 64, N and K >= 2048;
# none of them in any training store), REPS processes (default 2), each interleaved with
# cuBLASLt-autotune nn and tn. Output: $OUT/decode_model.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/decode_model}"
d="$out/decode_model"
record_machine "$d"
shapes="$(grep -hv '^#' bench/shapes/decode_regime85_s23.txt | tr '\n' ' ')"
OUT="$d" BENCH_TIMEOUT=280 spec_bench_reps run "$shapes" \
  "costmodel:main=data/nvidia_h200.costmodel.json.gz" "costmodel:dec=${DEC_MODEL:-build/decode.costmodel.json}"
tar czf "$out/decode_model.tgz" -C "$out" decode_model && rm -rf "$d"
