#!/usr/bin/env bash
# The transposed store of swap-AB kernels: 32-bit words paired by one shuffle (session 30)
# against the 16-bit stores before it (AUTOGEMM_JIT_DEFINES=AUTOGEMM_PROBE_SINGLE_T_STORE), on
# the 54 table entries whose pick is swap-AB (the table's picks) and on 2124x4544x11208 (the
# swap-AB split-N 128x304), processes alternating the arms (PAIRS, default 2). Runs ON the
# device. Output: $OUT/swap_store.tgz.
source "$(dirname "$0")/spec_bench.sh"
top="${OUT:-/tmp/swap_store}"
d="$top/swap_store"
record_machine "$d"
OUT="$d" BENCH_ARGS="--rounds 7" spec_bench_arms "words single:AUTOGEMM_JIT_DEFINES=AUTOGEMM_PROBE_SINGLE_T_STORE" \
  "$(shape_list bench/shapes/table_swap54.txt)" table:tab=data/nvidia_h200.json
OUT="$d" BENCH_ARGS="--rounds 9" ARM_PREFIX=wide_ spec_bench_arms \
  "words single:AUTOGEMM_JIT_DEFINES=AUTOGEMM_PROBE_SINGLE_T_STORE" 2124_4544_11208 \
  128x304x64_s4_c2x1_coopn_persist_r8m_swap
for f in "$d"/*_[0-9].log; do echo "== $f"; grep -A4 "^method" "$f" | head -5; done
tar czf "$top/swap_store.tgz" -C "$top" swap_store
