# Sourced by the small-tile probes (cluster_small_tile_probe.sh, before_after_probe.sh): sets
# $small_tile_specs, the --spec arguments of the 64x128 and 128x128 tiles in 1x1, 2x1 and 1x2
# clusters, split or not, plus the 64x256 2x1 and the 128x64 1x2 coop.
small_tile_specs=""
for c in c1x1 c2x1 c1x2; do
  for r in r8m r8n; do small_tile_specs+=" --spec sm90_f16f32_tn_64x128x64_s8_${c}_wg1_persist_${r}_etma"; done
  small_tile_specs+=" --spec sm90_f16f32_tn_64x128x64_s8_${c}_wg1_persist_r8m_etma_sk4"
  small_tile_specs+=" --spec sm90_f16f32_tn_64x128x64_s8_${c}_wg1_persist_r8m_etma_sk2"
  small_tile_specs+=" --spec sm90_f16f32_tn_128x128x64_s6_${c}_coop_persist_r8m_etma_sk2"
  small_tile_specs+=" --spec sm90_f16f32_tn_128x128x64_s6_${c}_coop_persist_r8m_etma"
done
small_tile_specs+=" --spec sm90_f16f32_tn_64x256x64_s5_c2x1_wg1_persist_r8m_etma"
small_tile_specs+=" --spec sm90_f16f32_tn_128x64x64_s8_c1x2_coop_persist_r8m_etma"
