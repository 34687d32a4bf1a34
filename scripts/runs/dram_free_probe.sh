#!/usr/bin/env bash
# What DRAM costs the large shapes at the power cap (notes 183), ON the device. Both arms run on
# data that repeats along K with period 256 (AUTOGEMM_BENCH_K_PERIOD); the "free" arm's kernels
# read only the first 256 of K, again and again (AUTOGEMM_EXP_K_PERIOD, gemm.cuh), so their
# operands stay in L2 and DRAM reads vanish, while tiles, order, L2 requests, MMAs and stores
# stay as they are; both arms are correct on that data. Predicted (notes 116: ours read 1.5-1.85x
# cuBLASLt's DRAM bytes, ~3% of the power): the free arm runs faster against each process's own
# cuBLASLt by what DRAM reads cost; near 0 rules DRAM energy out as issue 3's lever.
# 1. ncu: DRAM bytes and time of the table's pick on 16384x16384x4096, both arms.
# 2. Clock and power (nvidia-smi dmon, 1 s): cuBLASLt-autotune tn and the table's pick in both
#    arms, each alone for 5 s on 16384x16384x4096.
# 3. Processes alternating base/free (PAIRS, default 2), each interleaved with cuBLASLt-autotune
#    nn and tn: the table's picks and two large specs on five large shapes.
# NO_NCU, NO_POWER skip parts 1-2; SPECS, SHAPES and BENCH_ARGS (e.g. the sustained protocol,
# "--benchmark_seconds 2") change part 3. Output: $OUT/dram_free.tgz.
# Needs the switches of 36f6c1f (AUTOGEMM_BENCH_K_PERIOD in the bench fill, AUTOGEMM_EXP_K_PERIOD in
# gemm.cuh), removed again after the runs of bench/results/h100/h100_power_regime_s25.md.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-dram_free}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
export AUTOGEMM_BENCH_K_PERIOD=256
free="AUTOGEMM_EXP_K_PERIOD=256"
bin=build/tools/autogemm/autogemm
tab="table:tab=data/nvidia_h200.json"
big=16384_16384_4096
pick=sm90_f16f32_tn_128x160x64_s4_c1x1_pp_persist_r8m_etmar  # the table's pick on $big
for arm in $([ -z "${NO_NCU:-}" ] && echo base free); do
  defs=""; [ "$arm" = free ] && defs="$free"
  echo "== $arm $big" >> "$d/ncu.txt"
  AUTOGEMM_JIT_DEFINES="$defs" timeout 150 ncu --clock-control none --cache-control none \
    --metrics gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex_op_read.sum \
    -k "regex:autogemm" --launch-skip 3 --launch-count 2 "$bin" bench --mnk "$big" --rounds 2 \
    --layout tn --methods autogemm --spec "$pick" 2>&1 |
    grep -E "^  [a-zA-Z_]|^\s+(gpu__|lts__|dram__)|ERROR|rror" >> "$d/ncu.txt"
done
[ -z "${NO_NCU:-}" ] && grep -E "^==|dram__|gpu__" "$d/ncu.txt"
if [ -z "${NO_POWER:-}" ]; then
nvidia-smi dmon -s pc -d 1 -o T > "$d/dmon.txt" 2>&1 &
dmon=$!
sleep 2
for m in cublaslt_autotune_tn base free; do
  case "$m" in
    cublas*) args=(--methods "$m"); defs="" ;;
    base) args=(--methods autogemm --layout tn --spec "$pick"); defs="" ;;
    free) args=(--methods autogemm --layout tn --spec "$pick"); defs="$free" ;;
  esac
  echo "$(date +%T) start $m" >> "$d/power.txt"
  AUTOGEMM_JIT_DEFINES="$defs" timeout 60 "$bin" bench --mnk "$big" "${args[@]}" \
    --benchmark_seconds 5 --rounds 1 2>&1 | tail -4 >> "$d/power.txt"
  echo "$(date +%T) end $m" >> "$d/power.txt"
  sleep 3
done
kill $dmon
cat "$d/power.txt"
fi
shapes="${SHAPES:-4096_4096_4096 8192_8192_8192 16384_16384_4096 16384_4096_12288 4096_8192_12288}"
OUT="$d" ARM_PREFIX="" spec_bench_arms "base free:AUTOGEMM_JIT_DEFINES=$free" "$shapes" "$tab" \
  ${SPECS:-128x256x64_s4_c2x1_coop_persist_r8m_etma 128x192x64_s4_c1x1_pp_persist_r8m_etmar}
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -E "rror|fail" "$f" | head -3; done
python3 scripts/arm_ratio_stats.py "$d" base free "${PAIRS:-2}" > "$d/arm_ratio.txt" 2>&1
cat "$d/arm_ratio.txt"
tar czf "$out/$name.tgz" -C "$out" "$name"
