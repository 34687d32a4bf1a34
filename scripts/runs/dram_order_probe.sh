#!/usr/bin/env bash
# Fewer DRAM reads for the large shapes (notes 184), ON the device. Notes 183: reading no DRAM at
# all lifts our 128x160 ping-pong on 16384x16384x4096 from 642 to 676 TFLOP/s when it runs alone
# at the power cap (cuBLASLt 684), the clock from ~1200 to ~1310 MHz; in the fast interleaved
# bench only ~0.8%. Our r8m order reads 2.6 GB there: B once per 8-row band. Taller bands read B
# half as often; an evict-last hint on the band operand (A under raster m) keeps it in L2 while
# B streams past, and evict-first on C's stores keeps C from evicting both (switches of 777a459,
# AUTOGEMM_L2_HINT_BAND / _C through AUTOGEMM_JIT_DEFINES).
# 1. ncu: DRAM bytes and time per variant on 16384x16384x4096.
# 2. Each variant alone for 5 s at the power cap (nvidia-smi dmon: clock, power).
# 3. Processes alternating base/hint (PAIRS, default 2), each interleaved with cuBLASLt-autotune:
#    the fast protocol on five large shapes, then the sustained one (--benchmark_seconds 2) on
#    issue 3's three.
# VARIANTS, SPECS, FAST_SHAPES, SUS_SHAPES, NO_NCU, NO_POWER, NO_FAST change what runs.
# Output: $OUT/dram_order.tgz.
# Needs the L2 priority switches of 01bf08d (777a459's), removed again after the runs of
# bench/results/h100/h100_power_regime_s25.md.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-dram_order}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
bin=build/tools/autogemm/autogemm
tab="table:tab=data/nvidia_h200.json"
big=16384_16384_4096
p=sm90_f16f32_tn_
hint="AUTOGEMM_L2_HINT_BAND=2,AUTOGEMM_L2_HINT_C=1"
# VARIANTS: "SPEC|DEFINES" words (spec names without the sm90_f16f32_tn_ prefix).
default_variants="128x160x64_s4_c1x1_pp_persist_r8m_etmar| 128x160x64_s4_c1x1_pp_persist_r16m_etmar|
  128x160x64_s4_c1x1_pp_persist_r16m_etmar|AUTOGEMM_L2_HINT_BAND=2
  128x160x64_s4_c1x1_pp_persist_r16m_etmar|$hint 128x256x64_s4_c2x1_coop_persist_r16m_etma|$hint"
variants=()
for v in ${VARIANTS:-$default_variants}; do variants+=("$p$v"); done
if [ -z "${NO_NCU:-}" ]; then
  for v in "${variants[@]}"; do
    spec="${v%%|*}"; defs="${v#*|}"
    echo "== $spec $defs" >> "$d/ncu.txt"
    AUTOGEMM_JIT_DEFINES="$defs" timeout 100 ncu --clock-control none --cache-control none \
      --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum \
      -k "regex:autogemm" --launch-skip 3 --launch-count 1 "$bin" bench --mnk "$big" --rounds 2 \
      --layout tn --methods autogemm --spec "$spec" 2>&1 |
      grep -E "^\s+(gpu__|dram__)|ERROR|rror" >> "$d/ncu.txt"
  done
  cat "$d/ncu.txt"
fi
if [ -z "${NO_POWER:-}" ]; then
  nvidia-smi dmon -s pc -d 1 -o T > "$d/dmon.txt" 2>&1 &
  dmon=$!
  sleep 2
  for v in "cublaslt_autotune_tn|" "${variants[@]}"; do
    m="${v%%|*}"; defs="${v#*|}"
    case "$m" in
      cublas*) args=(--methods "$m") ;;
      *) args=(--methods autogemm --layout tn --spec "$m") ;;
    esac
    echo "$(date +%T) start $m $defs" >> "$d/power.txt"
    AUTOGEMM_JIT_DEFINES="$defs" timeout 60 "$bin" bench --mnk "$big" "${args[@]}" \
      --benchmark_seconds 5 --rounds 1 2>&1 | grep -E "^(cublas|autogemm)" >> "$d/power.txt"
    echo "$(date +%T) end" >> "$d/power.txt"
    sleep 3
  done
  kill $dmon
  cat "$d/power.txt"
fi
specs=("$tab" ${SPECS:-128x160x64_s4_c1x1_pp_persist_r16m_etmar 128x192x64_s4_c1x1_pp_persist_r16m_etmar
  128x256x64_s4_c2x1_coop_persist_r16m_etma})
[ -z "${NO_FAST:-}" ] && OUT="$d" ARM_PREFIX="fast_" spec_bench_arms "base hint:AUTOGEMM_JIT_DEFINES=$hint" \
  "${FAST_SHAPES:-4096_4096_4096 8192_8192_8192 16384_16384_4096 16384_4096_12288 4096_8192_12288}" \
  "${specs[@]}"
python3 scripts/arm_ratio_stats.py "$d" fast_base fast_hint "${PAIRS:-2}" > "$d/arm_ratio_fast.txt" 2>&1
cat "$d/arm_ratio_fast.txt"
OUT="$d" ARM_PREFIX="sus_" BENCH_ARGS="--benchmark_seconds 2" spec_bench_arms \
  "base hint:AUTOGEMM_JIT_DEFINES=$hint" "${SUS_SHAPES:-8192_8192_8192 16384_16384_4096}" "${specs[@]}"
python3 scripts/arm_ratio_stats.py "$d" sus_base sus_hint "${PAIRS:-2}" > "$d/arm_ratio_sus.txt" 2>&1
cat "$d/arm_ratio_sus.txt"
tar czf "$out/$name.tgz" -C "$out" "$name"
