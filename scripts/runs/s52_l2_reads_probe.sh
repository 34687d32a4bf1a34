#!/usr/bin/env bash
# ON the device (session 52; CLI-only pack): where our few-tile split-K kernels' extra L2 reads
# come from. In h200_fewtile_s51/parts/lrc_s51.txt cuBLASLt's nvjet kernels read exactly the
# sectors their TMA asks for less the LRC's hardware merges (coalescable - hardware: 3.75-3.92 M
# on 256x1024x16384), while ours read 0.11-0.39 M sectors more (4.16 M against 3.77 M for the same
# 64x128 2x1 four-piece split), and run 13-18% slower on the same structure. This probe splits the
# L2 reads into lookup hits and misses, LSU global loads, writes and fabric crossings, with the SM
# clock, for:
#   - ours: 64x128 2x1 skp4p (cuBLASLt's structure), the same without a cluster (no multicast),
#     and the 128x128 2x1 coop skp8p table pick;
#   - cuBLASLt-autotune nn's nvjet launches (its 64x128 2x1 "v" kernel among them).
# Each kernel is profiled with two metric sets (the s51 set, then the breakdown), clocks and
# caches left alone, one launch after warm-up. Output: $OUT/l2_reads_s52.txt and the metric
# names this ncu knows ($OUT/ncu_lts_metrics.txt).
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:?}/l2_reads_s52.txt"
ncu --query-metrics 2>/dev/null | grep -E "^(lts__t_(sectors|requests)|lrc__|l1tex__m_|smsp__inst_executed_op_global)" \
  > "$OUT/ncu_lts_metrics.txt"
base=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,dram__bytes_read.sum
base=$base,lts__t_sectors_srcunit_tex_op_read.sum,lrc__request_sectors_op_read_coalescable.sum
base=$base,lrc__request_sectors_op_read_coalescing_achieved_type_hardware.sum
base=$base,lrc__request_sectors_op_read_coalescing_achieved_type_programmatic.sum
more=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second
more=$more,lts__t_sectors_srcunit_tex_op_read_lookup_hit.sum,lts__t_sectors_srcunit_tex_op_read_lookup_miss.sum
more=$more,lts__t_requests_srcunit_tex_op_read.sum,lts__t_sectors_srcunit_tex_op_write.sum
more=$more,lts__t_sectors_srcunit_ltcfabric.sum,l1tex__m_xbar2l1tex_read_sectors.sum
more=$more,smsp__inst_executed_op_global_ld.sum,smsp__inst_executed_op_global_st.sum
more=$more,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed
p=sm90_f16f32_tn
shape=256_1024_16384
for spec in ${p}_64x128x64_s8_c2x1_wg1_tiles_r8m_skp4p ${p}_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p \
            ${p}_128x128x64_s7_c2x1_coop_tiles_r1m_skp8p; do
  for set in base more; do
    echo "== $spec $shape ($set)" >> "$out"
    ncu_launches "${!set}" autogemm_sm90_gemm 6 1 100 --mnk "$shape" --methods autogemm \
      --spec "$spec" >> "$out"
  done
done
for set in base more; do
  echo "== cublaslt_autotune_nn $shape ($set; every nvjet launch of the autotune)" >> "$out"
  ncu_launches "${!set}" nvjet 0 40 150 --mnk "$shape" --methods cublaslt_autotune_nn >> "$out"
done
grep -c "==" "$out"
