#!/usr/bin/env bash
# Needs the switch of 4846387 (reverted after the run; h200_energy_ceiling_s46.md section 8).
# Session 46 (notes 324), ON an H200 (~4 min): cooperative warpgroups N k-blocks apart (the switch
# AUTOGEMM_COOP_STAGGER=N through AUTOGEMM_JIT_DEFINES, include/autogemm/sm90/gemm.cuh; N = 1, 2). Why: the
# 256x192 c1x2 tile spends 3-4% less energy per cycle than the ping-pong picks at the cap but does
# ~5% less work per cycle, 2.6% of it a tile's epilogue during which both warpgroups leave the
# tensor cores idle (autogemm trace, h200_energy_ceiling_s46); offset by a k-block, one warpgroup's
# epilogue runs under the other's last MMAs, as ping-pong's does.
# Part 1: autogemm trace (alone at the cap) of two cooperative specs, each arm, on 12288^2x4096
# and 4096^3. Part 2: the bench's fast interleaved protocol, arms base / s1 / s2, six processes in
# mirror order, the H200 table's picks beside the cooperative specs.
# Predicted: cooperative work per cycle +1-2% (one or two k-blocks of a warpgroup's ~2.3k-cycle
# epilogue hidden), time -1-2% on K = 4096 shapes; the table's ping-pong picks unchanged (the
# switch leaves ping-pong alone), its cooperative ones (4096^3) faster.
# Output: $OUT/coop_stagger.tgz.
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out coop_stagger)
bin=build/tools/autogemm/autogemm
specs=(256x192x64_s3_c1x2_coop_persist_r8m_etmar 256x128x64_s4_c1x2_coop_persist_r8m_etma
  128x256x64_s4_c1x1_coop_persist_r16m_etma 256x192x64_s3_c2x1_coop_persist_r8m_etmar)
for arm in base s1 s2; do
  for shape in 12288_12288_4096 4096_4096_4096; do
    for s in 256x192x64_s3_c1x2_coop_persist_r8m_etmar 128x256x64_s4_c1x1_coop_persist_r16m_etma; do
      (
        [ "$arm" != base ] && export AUTOGEMM_JIT_DEFINES=AUTOGEMM_COOP_STAGGER=${arm#s}
        timeout 120 "$bin" trace --spec "sm90_f16f32_tn_$s" --mnk "$shape" --runs 100 \
          > "$out/trace_${arm}_${shape}_$s.txt" 2>&1
      )
    done
  done
done
OUT="$out" ARMS_ORDER="base:1 s1:1 s2:1 s2:2 s1:2 base:2" BENCH_TIMEOUT=300 spec_bench_arms \
  "base s1:AUTOGEMM_JIT_DEFINES=AUTOGEMM_COOP_STAGGER=1 s2:AUTOGEMM_JIT_DEFINES=AUTOGEMM_COOP_STAGGER=2" \
  "16384_16384_4096 12288_12288_4096 8192_12288_12288 8192_8192_8192 4096_4096_4096" \
  table:tab=data/nvidia_h200.json "${specs[@]}"
tar czf "${OUT:-/tmp/coop_stagger}/coop_stagger.tgz" -C "${OUT:-/tmp/coop_stagger}" coop_stagger
