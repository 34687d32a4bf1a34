#!/usr/bin/env bash
# Two consumer warpgroups on narrow tiles, ON the device. cuBLASLt-autotune's picks on the
# long-K losers of oracle100 are 128x64 and 128x96 tiles in its column-major terms (tile=18,
# tile=33; with split-K 2-4 on the smaller ones): two warpgroups of 64 rows over N, i.e. our
# coop 128x64 / 128x96 tiles, or the same with swap-AB. Our sweep has neither (its narrowest
# coop tile is 128x128), so those shapes ran one warpgroup per SM (64x128 wg1, ~63% of the MMA
# rate). Each new spec is run against the budget-32 table's pick and cuBLASLt-autotune.
set -euo pipefail
cd "$(dirname "$0")/../.."
table="${TABLE:-bench/results/h200/h200_issue5_tables_retuned/tuned_b32.table.json}"
p=sm90_f16f32_tn
specs=""
for st in 6 8; do
  for c in c1x1 c1x2 c2x1; do specs+=" --spec ${p}_128x64x64_s${st}_${c}_coop_persist_r8m_etma"; done
done
for sk in sk sk2 sk4 sk8; do specs+=" --spec ${p}_128x64x64_s8_c1x1_coop_persist_r8m_etma_$sk"; done
for c in c1x2 c2x1; do
  for sk in sk2 sk4; do specs+=" --spec ${p}_128x64x64_s8_${c}_coop_persist_r8m_etma_$sk"; done
done
specs+=" --spec ${p}_128x64x64_s6_c1x2_coop_persist_r8m_etmat"
specs+=" --spec ${p}_128x64x64_s6_c1x2_coop_persist_r8m_etma_lag0"
for sk in "" _sk _sk2; do specs+=" --spec ${p}_128x96x64_s6_c1x1_coop_persist_r8m${sk}_swap"; done
for sk in "" _sk2 _sk4; do specs+=" --spec ${p}_128x64x64_s8_c1x1_coop_persist_r8m${sk}_swap"; done
specs+=" --spec ${p}_128x128x64_s6_c1x1_coop_persist_r8m_swap"
for v in c1x1_coop_persist_r8m_etmar c1x1_coop_persist_r8m_etmar_sk2 c1x2_coop_persist_r8m_etmar; do
  specs+=" --spec ${p}_128x96x64_s6_$v"
done
specs+=" --spec ${p}_128x32x64_s8_c1x1_coop_persist_r8m_etmar_sk4"
base='--shapes bench/shapes/probe_long_k.txt --mode kernel --layout tn'
exec bash scripts/device_job.sh --no-tests \
  h200_two_consumer_probe_tn "$base --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec table:b32=$table $specs" \
  "$@"
