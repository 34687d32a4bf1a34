#!/usr/bin/env bash
# ON an H200 (session 49, notes 352; ~4-6 min): does the trial pick better when each timed batch
# holds several back-to-back launches? s49_trial_vs_bench found the bench (back-to-back loops)
# running gemm()'s candidates 4-7% faster than the trial timed them where a batch is one launch
# after an event (1 x 13824 x 5120: PDL specs 0.930x, plain twins 0.967x), and 1.0x where the
# plan already times 8 (the L2-sized 5120 x 5120); the trial's pick read 1.009x the bench's best
# candidate. Arms (AUTOGEMM_TRIAL_BATCH, the floor on the batch outside the large class): base
# (the plan's own), b4 and b8, in processes mirrored base b4 b8 b8 b4 base, gemm()'s pick
# (`auto`) interleaved with cuBLASLt-autotune nn and tn, on decode.txt, 24 fresh decode-like
# shapes (decode_like24_s49) and 54 fresh middle-class ones (offgrid_middle_s49; the model's top
# six compiled first). Read with scripts/arm_ratio_stats.py DIR decode_base decode_b4 2 (like_,
# middle_ likewise).
# Predicted: decode.txt and the fresh decode-like +0.5-1% for b4/b8 over base; middle within
# +-0.3% (their batches are 1-2 launches too, but PDL gains less where the call is compute-bound).
# Output: $OUT/s49_trial_batch.tgz
source "$(dirname "$0")/spec_bench.sh"
arms="${ARMS:-base b4:AUTOGEMM_TRIAL_BATCH=4 b8:AUTOGEMM_TRIAL_BATCH=8}"
export ARMS_ORDER="${ARMS_ORDER:-base:1 b4:1 b8:1 b8:2 b4:2 base:2}"
top="${OUT:-/tmp/s49_trial_batch}"
mkdir -p "$top/s49_trial_batch"
prebuild_ranked bench/shapes/offgrid_middle_s49.txt 6 "$top/s49_trial_batch/ranked.txt"
for set in ${SETS:-decode:bench/shapes/decode.txt like:bench/shapes/decode_like24_s49.txt \
  middle:bench/shapes/offgrid_middle_s49.txt}; do
  ARM_PREFIX="${set%%:*}_" GEMM_ARMS_EXTRA="" gemm_arms_probe s49_trial_batch "$arms" "${set#*:}"
  for f in "$top/s49_trial_batch/${set%%:*}"_*.log; do
    echo "== $f"
    grep -A4 "^method" "$f" | head -4
  done
done
