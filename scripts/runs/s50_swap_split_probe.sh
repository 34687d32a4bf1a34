#!/usr/bin/env bash
# ON the device (session 50; ~1-2 min on an H200; CLI-only pack): on the few-tile long-K shapes of
# s50_fewtile_probe.sh, cuBLASLt's structure where gemm() ran at 0.84-0.89x of it (160x1408x13312,
# 320x1024x14336: its tile 128x80 in its column-major frame, i.e. swap-AB with a 128-row weight
# tile and M cut in two equal tiles, split 6 / 4 ways, in a 1x2 cluster that shares the weight
# tile between the two): per shape, 128 x BN swap-AB cooperative tiles, BN = M/2 rounded up to 8,
# in a 1x2 cluster, split P = 132 / (2 ceil(N/128)) ways (2-16), tile- and piece-major, summed by
# the last piece, without the cluster, and one piece fewer; stages as many as fit (8 at most).
# Two processes; gemm()'s pick is in s50_fewtile_probe's CSVs (its own processes).
# Predicted: within 3% of cuBLASLt on the two where it leads, and 0-5% over gemm()'s pick on the
# shapes whose M is not a multiple of 128.
# Output: $OUT/s50_swap_split_probe.tgz
source "$(dirname "$0")/spec_bench.sh"
top="$(probe_out s50_swap_split_probe)"
python3 - > "$top/specs.txt" <<'PY'
import math
shapes = ["128_2048_8192", "256_1024_16384"] + [
    l.strip() for l in open("bench/shapes/fewtile_longk10_s50.txt")
    if l.strip() and not l.startswith("#")]
for s in shapes:
    m, n, k = map(int, s.split("_"))
    bn = max(8, math.ceil(m / 2 / 8) * 8)
    stages = min(8, (232448 - 1024 - 200) // ((128 + bn) * 128))
    p = max(2, min(16, 132 // (2 * math.ceil(n / 128))))
    b = f"128x{bn}x64_s{stages}"
    specs = [f"{b}_c1x2_coop_tiles_r8m_skp{p}_swap", f"{b}_c1x2_coop_tiles_r8m_skp{p}p_swap",
             f"{b}_c1x2_coop_tiles_r8m_skp{p}l_swap", f"{b}_c1x1_coop_tiles_r8m_skp{p}_swap"]
    if p > 2:
        specs.append(f"{b}_c1x2_coop_tiles_r8m_skp{p - 1}_swap")
    print(s, " ".join(specs))
PY
pre=()
for s in $(cut -d' ' -f2- "$top/specs.txt" | tr ' ' '\n' | sort -u); do pre+=(--spec "sm90_f16f32_tn_$s"); done
timeout 120 build/tools/autogemm/autogemm prebuild "${pre[@]}" 2>&1 | tail -1
for rep in 1 2; do
  while read -r shape specs; do
    # shellcheck disable=SC2086  # the shape's specs, one word each
    OUT="$top" spec_bench "swap_${shape}_$rep" "$shape" $specs > /dev/null
  done < "$top/specs.txt"
done
tar czf "$OUT/s50_swap_split_probe.tgz" -C "$(dirname "$top")" "$(basename "$top")"
