#!/usr/bin/env bash
# Session 51: where a split-pass call's time goes on the two few-tile long-K shapes below
# cuBLASLt-autotune (256x1024x16384, 128x2048x8192). Under ncu (clocks left alone, each kernel
# serialized, so no PDL overlap): every kernel's duration for our specs (the GEMM grid and the
# reduction pass apart) and for cuBLASLt-autotune nn/tn (its GEMM and its reduction kernel), then
# throughput counters of our GEMM grids. ON the device. Output: $OUT/split_parts/.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
source scripts/runs/cublas_libs.sh
bin=build/tools/autogemm/autogemm
d="${OUT:?}/split_parts"
mkdir -p "$d"
p=sm90_f16f32_tn
declare -A specs
specs[256_1024_16384]="128x128x64_s7_c2x1_coop_tiles_r1m_skp8p 64x128x64_s8_c2x1_wg1_tiles_r8m_skp4p 64x128x64_s8_c2x1_wg1_tiles_r8m_skp4l 64x128x64_s9_c4x1_wg1_tiles_r8m_skp3p"
specs[128_2048_8192]="64x128x64_s8_c2x1_wg1_tiles_r8n_skp4p 64x128x64_s8_c2x1_wg1_tiles_r8n_skp4l"
durations() {  # FILE -> per kernel name: count and median duration (us)
  python3 - "$1" <<'PY'
import re, sys, statistics, collections
d = collections.defaultdict(list); name = None
for line in open(sys.argv[1], errors="replace"):
    m = re.match(r"^  ([A-Za-z_][A-Za-z0-9_]*)\b.*\(\d+, \d+, \d+\)x\(\d+, \d+, \d+\)", line)
    if m: name = m.group(1); continue
    m = re.match(r"^\s+gpu__time_duration.sum\s+(\S+)\s+([\d.,]+)", line)
    if m and name:
        v = float(m.group(2).replace(",", "")); u = m.group(1)
        d[name].append(v / 1000 if u == "nsecond" else v if u == "usecond" else v * 1000)
        name = None
for k, v in sorted(d.items(), key=lambda x: -len(x[1])):
    print("%5d  median %8.2f us  min %8.2f  %s" % (len(v), statistics.median(v), min(v), k[:90]))
PY
}
for shape in 256_1024_16384 128_2048_8192; do
  args=""
  for s in ${specs[$shape]}; do args+=" --spec ${p}_$s"; done
  for method in cublaslt_autotune_nn cublaslt_autotune_tn; do
    timeout 150 ncu --clock-control none --launch-count 2500 --metrics gpu__time_duration.sum \
      "$bin" bench --mnk "$shape" --rounds 1 --loop_us 100 --methods "$method" > "$d/raw_${shape}_$method.txt" 2>&1
    echo "== $shape $method" | tee -a "$d/durations.txt"
    durations "$d/raw_${shape}_$method.txt" | head -6 | tee -a "$d/durations.txt"
    gzip -f "$d/raw_${shape}_$method.txt"
  done
  for s in ${specs[$shape]}; do
    timeout 100 ncu --clock-control none --metrics gpu__time_duration.sum -k regex:autogemm \
      "$bin" bench --mnk "$shape" --rounds 2 --loop_us 100 --methods autogemm --spec "${p}_$s" \
      > "$d/raw_${shape}_$s.txt" 2>&1
    echo "== $shape $s" | tee -a "$d/durations.txt"
    durations "$d/raw_${shape}_$s.txt" | tee -a "$d/durations.txt"
    gzip -f "$d/raw_${shape}_$s.txt"
  done
done
mm=gpu__time_duration.sum,sm__cycles_elapsed.avg.per_second,dram__bytes_read.sum,lts__t_bytes.sum
mm=$mm,sm__pipe_tensor_op_hmma_cycles_active.avg.pct_of_peak_sustained_elapsed,lts__t_sectors_srcunit_tex.sum
mm=$mm,smsp__cycles_active.avg.pct_of_peak_sustained_elapsed,l1tex__m_xbar2l1tex_read_bytes.sum
for t in "256_1024_16384 ${p}_64x128x64_s8_c2x1_wg1_tiles_r8m_skp4p" \
         "256_1024_16384 ${p}_128x128x64_s7_c2x1_coop_tiles_r1m_skp8p" \
         "256_1024_16384 cublaslt_autotune_nn" "128_2048_8192 ${p}_64x128x64_s8_c2x1_wg1_tiles_r8n_skp4p"; do
  set -- $t
  echo "== counters $2 $1" >> "$d/counters.txt"
  if [ "$2" = cublaslt_autotune_nn ]; then
    timeout 150 ncu --clock-control none --metrics "$mm" -k regex:nvjet --launch-skip 400 --launch-count 3 \
      "$bin" bench --mnk "$1" --rounds 1 --loop_us 100 --methods "$2" 2>&1 |
      grep -E "^\s+(gpu__|sm__|smsp__|dram__|lts__|l1tex__)|^  [a-z]|ERROR" >> "$d/counters.txt"
  else
    timeout 100 ncu --clock-control none --metrics "$mm" -k regex:autogemm --launch-skip 6 --launch-count 2 \
      "$bin" bench --mnk "$1" --rounds 1 --loop_us 100 --methods autogemm --spec "$2" 2>&1 |
      grep -E "^\s+(gpu__|sm__|smsp__|dram__|lts__|l1tex__)|^  [a-z]|ERROR" >> "$d/counters.txt"
  fi
done
cat "$d/counters.txt"
