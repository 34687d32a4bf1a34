#!/usr/bin/env bash
# Eighteenth session's last device call. Part 1 (device_job.sh): every GPU test at this build,
# then gemm() alone on oracle100 (with the H200 table's picks beside it, so the H100's own table
# is compared in the same run), the latency pair and the decode shapes. Part 2 (notes 121): gemm()
# on offgrid49c/d before and after the thin splits left the cost model's ranking, the old build
# (ed1723b, at old/build) and this one in turn, twice, both reading the H200's table and model
# named explicitly (the old build would take the H100's partial table alone). ON the device.
# Output: $OUT/results_main.tgz, $OUT/results_i121_{old,new}_{1,2}.tgz, summaries.txt.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
m='--mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm'
bash scripts/device_job.sh \
  h100_auto_oracle100_s18_tn "--shapes bench/shapes/oracle100.txt $m --spec auto --spec table:h200table=data/nvidia_h200.json" \
  h100_latency_s18_tn "--mnk 64_64_64 --mnk 64_4096_64 --mnk 64_64_64 $m --spec auto" \
  h100_decode_auto_s18_tn "--shapes bench/shapes/decode.txt $m --spec auto"
mv "$OUT/results.tgz" "$OUT/results_main.tgz"
cat "$OUT/summary.txt" >> "$OUT/summaries.txt"
export AUTOGEMM_TABLE="$PWD/data/nvidia_h200.json" AUTOGEMM_COST_MODEL="$PWD/data/nvidia_h200.costmodel.json.gz"
for rep in 1 2; do
  for arm in old new; do
    bin=build/tools/autogemm/autogemm
    [ $arm = old ] && bin=old/build/tools/autogemm/autogemm
    AUTOGEMM_BIN="$PWD/$bin" bash scripts/device_job.sh --no-tests \
      i121_${arm}_49c_$rep "--shapes bench/shapes/offgrid49c.txt $m --spec auto" \
      i121_${arm}_49d_$rep "--shapes bench/shapes/offgrid49d.txt $m --spec auto" \
      i121_${arm}_49c_f16_$rep "--shapes bench/shapes/offgrid49c.txt $m --acc fp16 --spec auto"
    mv "$OUT/results.tgz" "$OUT/results_i121_${arm}_$rep.tgz"
    cat "$OUT/summary.txt" >> "$OUT/summaries.txt"
  done
done
