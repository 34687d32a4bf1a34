#!/usr/bin/env bash
# The cost model retrained with decode-like rows (notes 128) against the one before, in-run on
# shapes no model saw: bench/shapes/decode.txt (its (N, K) pairs were left out of the decode-like
# training shapes) and offgrid49c/d. gemm() (--spec auto) with AUTOGEMM_COST_MODEL naming each
# model, processes old, new, old, new; the tables are the shipped ones (these shapes are in none).
# ON the device; OLD_MODEL: the other model's file; NEW_MODEL: the candidate's (default data/'s
# shipped H200 model, for a candidate put there); SETS: the shape sets (default decode offgrid49c
# offgrid49d). Output: $OUT/cm_check.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/cm_check}"
mkdir -p "$out/cm"
for rep in 1 2; do
  for arm in old new; do
    model="$(realpath "${NEW_MODEL:-data/nvidia_h200.costmodel.json.gz}")"
    [ $arm = old ] && model="$(realpath "${OLD_MODEL:?OLD_MODEL: the previous model}")"
    for set in ${SETS:-decode offgrid49c offgrid49d}; do
      AUTOGEMM_COST_MODEL="$model" OUT="$out/cm" SHAPES="$(grep -v '^#' bench/shapes/$set.txt | tr '\n' ' ')" \
        spec_bench "cm_${arm}_${set}_$rep" "" auto
    done
  done
done
tar czf "$out/cm_check.tgz" -C "$out" cm && rm -rf "$out/cm"
