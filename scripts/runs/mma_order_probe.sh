#!/usr/bin/env bash
# Needs the switch of ce031fb (reverted after the run; bench/results/h100/h100_mma_order.md).
# The MMAs' order within a k-block on issue 3's shapes (notes 123): by default each 16-deep k-step
# runs over the warpgroup's 64-row blocks (consecutive wgmmas share B); AUTOGEMM_MMA_M_OUTER=1
# runs one block's k-steps back to back on one accumulator. At the power cap time follows energy
# per flop; if the tensor cores keep a chained accumulator, the second order moves fewer register
# bytes. 128x256 coop has one block per warpgroup: the control.
# Part 1: the bench, one process per variant (old: the build before the loop was rewritten, at
# old/build; new; mouter), twice in turn, each interleaved with cuBLASLt-autotune nn and tn.
# Part 2: each variant's 128x192 ping-pong and cuBLASLt alone for a few seconds on
# 16384x16384x4096 while nvidia-smi samples board power and SM clock every 100 ms.
# ON the device. Output: $OUT/mma_order.tgz.
source "$(dirname "$0")/spec_bench.sh"
out="${OUT:-/tmp/mma_order}"
mkdir -p "$out/mo"
specs=(128x192x64_s4_c2x1_pp_persist_r8m_etmar 128x256x64_s4_c2x1_coop_persist_r16m_etma
  256x128x64_s4_c1x2_coop_persist_r8m_etmar 128x160x64_s5_c1x1_pp_persist_r8m_etmar)
shapes="16384_16384_4096 8192_8192_8192 4096_4096_4096 16384_16384_16384"
run_variant() {  # VARIANT NAME
  case "$1" in
    old) AUTOGEMM_BIN=old/build/tools/autogemm/autogemm AUTOGEMM_JIT_DEFINES= "${@:3}" ;;
    new) AUTOGEMM_JIT_DEFINES= "${@:3}" ;;
    mouter) AUTOGEMM_JIT_DEFINES=AUTOGEMM_MMA_M_OUTER=1 "${@:3}" ;;
  esac
}
for rep in 1 2; do
  for v in old new mouter; do
    run_variant $v x env OUT="$out/mo" BENCH_TIMEOUT=200 bash -c \
      "source scripts/runs/spec_bench.sh; spec_bench mma_order_${v}_$rep '$shapes' ${specs[*]}"
  done
done
smi() { nvidia-smi --query-gpu=timestamp,power.draw,clocks.sm,temperature.gpu --format=csv,noheader,nounits -lms 100; }
alone() {  # VARIANT LABEL BENCH_ARGS...
  local v="$1" label="$2"
  shift 2
  smi > "$out/mo/smi_$label.csv" &
  local pid=$!
  local bin=build/tools/autogemm/autogemm
  [ "$v" = old ] && bin=old/build/tools/autogemm/autogemm
  run_variant $v x "$bin" bench --mnk 16384_16384_4096 --benchmark_seconds 4 --rounds 1 "$@" \
    > "$out/mo/alone_$label.log" 2>&1
  kill $pid
  sleep 2
}
for rep in 1 2; do
  alone new cublaslt_$rep --methods cublaslt_autotune_tn
  for v in old new mouter; do
    alone $v pp_${v}_$rep --methods autogemm --layout tn \
      --spec sm90_f16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar
  done
done
tar czf "$out/mma_order.tgz" -C "$out" mo && rm -rf "$out/mo"
