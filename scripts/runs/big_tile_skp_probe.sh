#!/usr/bin/env bash
# Big tiles split into many pieces with the reduction pass, on the few-tile long-K shapes (notes
# 177), ON the device. The few-tile long-K shapes are bound by the bytes L2 sends the SMs (notes
# 174): a 128x256 tile in a 2x1 cluster asks L2 for half the bytes per flop of cuBLASLt's 64x128
# 2x1, at the price of 16 partials (16 MB on 512x512x16384) for the pass to sum. Never measured
# with the reduction pass (notes 74 measured stream-K's in-kernel fixup). The 128x256 split-pass
# kernels spill ~830 bytes per thread (ptxas, 168-register cap); the SASS of one is dumped to
# see where. REPS processes (default 2), each interleaved with cuBLASLt-autotune nn and tn.
# Output: $OUT/big_tile_skp.tgz.
source "$(dirname "$0")/spec_bench.sh"
name="${NAME:-big_tile_skp}"
out="${OUT:-/tmp/$name}"
d="$out/$name"
record_machine "$d"
shapes="${SHAPES:-512_512_16384 256_1024_16384 1024_256_16384 128_2048_8192 512_1024_16384 1024_512_16384 256_512_12288}"
specs="${SPECS:-table:tab=data/nvidia_h200.json 128x256x64_s4_c2x1_coop_tiles_r8m_skp16p
128x256x64_s4_c1x2_coop_tiles_r8m_skp16p 256x128x64_s4_c1x2_coop_tiles_r8m_skp16p
256x128x64_s4_c2x1_coop_tiles_r8m_skp16p 128x256x64_s4_c2x2_coop_tiles_r8m_skp16p
128x256x64_s4_c1x1_coop_tiles_r8m_skp16p 128x256x64_s4_c2x1_coop_tiles_r8m_skp8p
128x128x64_s6_c2x2_coop_tiles_r8m_skp8p 128x128x64_s6_c2x1_coop_tiles_r8m_skp8p}"
export AUTOGEMM_CACHE_DIR="$d/jit"
OUT="$d" BENCH_TIMEOUT=200 REPS="${REPS:-2}" spec_bench_reps "$name" "$shapes" $specs
for rep in $(seq 1 "${REPS:-2}"); do
  grep -E "^512_512_16384|^128_2048_8192" "$d/${name}_$rep.log" | head -30
done
# The SASS of the first spilling kernel: where its local-memory stores and loads sit.
for f in "$d"/jit/kernels/*.bin; do
  off=$(grep -abo $'\x7fELF' "$f" | head -1 | cut -d: -f1)
  tail -c +$((off + 1)) "$f" > "$d/k.cubin"
  if cuobjdump -sass "$d/k.cubin" 2>/dev/null | grep -q "STL"; then
    cuobjdump -sass "$d/k.cubin" > "$d/spill_kernel.sass" 2>&1
    strings "$f" | grep -E "ptxas" > "$d/spill_kernel_ptxas.txt"
    grep -nE "STL|LDL|HGMMA|WARPSYNC|BAR|EXIT" "$d/spill_kernel.sass" | awk -F: '{print $1": "$2}' | head -400 > "$d/spill_sites.txt"
    break
  fi
done
rm -rf "$d/jit" "$d/k.cubin"
tar czf "$out/$name.tgz" -C "$out" "$name" && rm -rf "$d"
