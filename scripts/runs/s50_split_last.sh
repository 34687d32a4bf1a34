#!/usr/bin/env bash
# ON the device (session 50; ~6 min on an H200; pack: CLI + test_kernel_sweep + test_dispatch_gpu):
# split-K summed by each tile's last piece (`_skpNl`, one launch) against the reduction pass
# (`_skpN`, two launches).
#  1. GPU tests: KernelSweep's split sweeps (the new one checks C bit for bit against the pass
#     twin), and TimedChoiceGpu|DispatchGpu (the trial's 15 us host-clock guard, owed since
#     session 49).
#  2. The H200 table's 82 split-pass entries against a twin table with each `_skpN` made `_skpNl`
#     (table_twin_probe: `old` against `last`, interleaved with cuBLASLt-autotune, REPS processes).
#  3. decode.txt's 15 shapes: 128xBN skp3 / skp4 swap-AB specs (BN the token count's) and their
#     `l` twins, REPS processes.
#  4. Three short decode-like calls of session 49 (h200_skp_loops_s49), host-bound where split:
#     their split specs, `l` twins and the unsplit pick.
# Predicted: (2) the last piece's sum gains where the pass's launch and start are a large share
# (short calls, decode), loses where one SM reads big partials (128x128 tiles, 8 pieces): 20-40 of
# the 82 entries faster by 2% or more; (3) -1 to -2 us of 37-41 on the 5120 x 13824 family;
# (4) the split specs 1-2 us faster, at or below the unsplit pick.
# PARTS (default "tests table decode short") picks the parts; a call of all four runs ~8 min.
# Output: $OUT/s50_split_last/ (tests' logs, bench CSVs), tarred as $OUT/s50_split_last.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out s50_split_last)"
bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"

parts=" ${PARTS:-tests table decode short} "
if [[ $parts == *" tests "* ]]; then
  timeout 240 ctest --test-dir build -L gpu -R "SplitLastPiece|SplitReductionPass|TimedChoiceGpu|DispatchGpu" \
    --output-on-failure > "$top/ctest_gpu.log" 2>&1
  echo "ctest exit $?: $(grep -E 'tests passed|tests failed' "$top/ctest_gpu.log")"
  grep -E "checked .* shapes" "$top/ctest_gpu.log"
fi

# Compile every spec the runs below time, in parallel, so no timed process waits for NVRTC.
python3 - > "$top/prebuild.txt" <<'PY'
import json, re
t = json.load(open("data/nvidia_h200.json"))
for e in t["entries"]:
    if "_skp" in e["spec"]:
        print(e["spec"])
        print(re.sub(r"_skp(\d+p?)", r"_skp\1l", e["spec"]))
for bn in (8, 16, 32, 48):
    for split in ("skp3", "skp3l", "skp4", "skp4l"):
        print(f"sm90_f16f32_tn_128x{bn}x64_s8_c1x1_coop_tiles_r8m_{split}_swap")
PY
short_specs="64x8x64_s8_c1x1_wg1_tiles_r8m_skp2_swap 64x8x64_s8_c1x1_wg1_tiles_r8m_skp2l_swap
128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4 128x16x64_s8_c1x1_coop_tiles_r8m_skp3l_swap_pf4
192x16x64_s8_c1x1_wg3_tiles_r8m_skp5_swap 192x16x64_s8_c1x1_wg3_tiles_r8m_skp5l_swap
128x24x64_s8_c1x1_coop_tiles_r8m_skp5_swap 128x24x64_s8_c1x1_coop_tiles_r8m_skp5l_swap
64x8x64_s8_c1x1_wg1_persist_r8m_swap 64x16x64_s8_c1x1_wg1_persist_r8m_swap
64x24x64_s8_c1x1_wg1_persist_r8m_swap"
for s in $short_specs; do echo "sm90_f16f32_tn_$s" >> "$top/prebuild.txt"; done
pre=()
for s in $(sort -u "$top/prebuild.txt"); do pre+=(--spec "$s"); done
timeout 300 "$bin" prebuild "${pre[@]}" 2>&1 | tail -1

# 2. The table's split-pass entries and their last-piece twins.
[[ $parts == *" table "* ]] && OUT="$top" table_twin_probe s50_split_last_table split "last" '
for e in t["entries"]:
    if "_skp" not in e["spec"]:
        continue
    shapes.append("%d_%d_%d" % (e["m"], e["n"], e["k"]))
    e["spec"] = re.sub(r"_skp(\d+p?)", r"_skp\1l", e["spec"])
'

# 3. decode.txt by token count: the skp3 / skp4 swap-AB tile for that count and its twin.
[[ $parts == *" decode "* ]] && for m in 1 8 16 32 48; do
  bn=$(( m < 8 ? 8 : m ))
  OUT="$top/decode" spec_bench_reps "decode_m$m" "${m}_5120_5120 ${m}_13824_5120 ${m}_5120_13824" \
    128x${bn}x64_s8_c1x1_coop_tiles_r8m_skp3_swap 128x${bn}x64_s8_c1x1_coop_tiles_r8m_skp3l_swap \
    128x${bn}x64_s8_c1x1_coop_tiles_r8m_skp4_swap 128x${bn}x64_s8_c1x1_coop_tiles_r8m_skp4l_swap
done

# 4. Short decode-like calls (session 49's), every spec on all three.
[[ $parts == *" short "* ]] && OUT="$top/short" spec_bench_reps short "7_3328_2176 10_4480_2944 19_3200_3584" $short_specs

rm -f "$top"/*.tgz
tar czf "$OUT/s50_split_last.tgz" -C "$(dirname "$top")" "$(basename "$top")"
