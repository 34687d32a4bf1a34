#!/usr/bin/env bash
# ON an H200 (session 49, notes 356; ~2 min, CLI-only pack): why the bench runs split-pass
# (`_skp`) picks on short decode-like calls 1.1-1.5x slower than gemm()'s trial timed them
# (7x3328x2176, 64x8x64 skp2: 5.2-5.4 us in the trial's batches of 5, 5.9-8.1 us in the bench's
# ~500 us loops, by process). Per shape, REPS processes (default 3) of the bench with loops of
# ~30, 500 and 5000 us (--loop_us) and a CUDA graph of the 500 us loop, each timing the shape's
# split-pass spec(s), their plain-launch twin and the unsplit spec that the bench found fastest.
# Predicted: the split-pass specs slower in the longer loops (graph as kernel), the unsplit ones
# flat; if so the trial needs longer batches for split-pass candidates.
# Output: $OUT/s49_skp_loops.tgz
source "$(dirname "$0")/spec_bench.sh"
out=$(probe_out s49_skp_loops)
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
p=sm90_f16f32_tn
declare -A specs=(
  [7_3328_2176]="${p}_64x8x64_s8_c1x1_wg1_tiles_r8m_skp2_swap ${p}_64x8x64_s8_c1x1_wg1_tiles_r8m_skp2_swap_nopdl ${p}_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4 ${p}_64x8x64_s8_c1x1_wg1_persist_r8m_swap"
  [10_4480_2944]="${p}_192x16x64_s8_c1x1_wg3_tiles_r8m_skp5_swap ${p}_192x16x64_s8_c1x1_wg3_tiles_r8m_skp5_swap_nopdl ${p}_64x16x64_s8_c1x1_wg1_persist_r8m_swap"
  [19_3200_3584]="${p}_128x24x64_s8_c1x1_coop_tiles_r8m_skp5_swap ${p}_192x24x64_s8_c1x1_wg3_tiles_r8m_skp7_swap ${p}_64x24x64_s8_c1x1_wg1_persist_r8m_swap"
)
for rep in $(seq 1 "${REPS:-3}"); do
  for s in "${!specs[@]}"; do
    args=()
    for spec in ${specs[$s]}; do args+=(--spec "$spec"); done
    for run in l30:--loop_us=30 l500:--loop_us=500 l5000:--loop_us=5000 g500:--graph; do
      timeout 120 "$bin" bench --mnk "$s" --layout tn --mode kernel \
        --methods cublaslt_autotune_tn,autogemm "${args[@]}" ${run#*:} \
        --out "$out/${s}_${run%%:*}_$rep.csv" > "$out/${s}_${run%%:*}_$rep.log" 2>&1
      echo "$s ${run%%:*} process $rep: exit $?"
    done
  done
done
python3 - "$out" <<'PY' | tee "$out/summary.txt"
import csv, glob, os, sys, collections
rows = collections.defaultdict(list)
for f in glob.glob(sys.argv[1] + "/*.csv"):
    shape, run, rep = os.path.basename(f)[:-4].rsplit("_", 2)
    seen = set()
    for r in csv.DictReader(open(f)):
        # cuBLASLt's spec column describes its algorithm: name it by the method; one row each.
        name = r["spec"] if r["method"] == "autogemm" else r["method"]
        if r["status"] == "ok" and name not in seen:
            seen.add(name)
            rows[(shape, name, run)].append(float(r["median_us"]))
for shape in sorted({k[0] for k in rows}):
    print(shape)
    for spec in sorted({k[1] for k in rows if k[0] == shape}):
        cells = [f"{run} " + "/".join(f"{t:.2f}" for t in rows[(shape, spec, run)])
                 for run in ("l30", "l500", "l5000", "g500") if (shape, spec, run) in rows]
        print(f"  {spec.replace('sm90_f16f32_tn_', ''):58s} " + "  ".join(cells))
PY
tar czf "$(dirname "$out")/s49_skp_loops.tgz" -C "$(dirname "$out")" "$(basename "$out")"
