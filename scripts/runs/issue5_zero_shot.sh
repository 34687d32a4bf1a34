#!/usr/bin/env bash
# Issue 5's zero-shot acceptance, ON the device: one interleaved bench run on oracle100 (fp16,
# fp32 accumulate, tn, kernel mode) holding the whole default sweep (its best spec per shape is
# the oracle), the picks of the committed tuning tables (tuned_b8/16/32: oracle100 tuned at those
# budgets; grid_b32: the whole grid tuned at budget 32), the learned policy's top choice
# (zero_shot: POLICY, trained on the grid's store without the oracle100 shapes), and
# cuBLASLt-autotune in both layouts; then the decode shapes with the sweep and the same policy;
# first the GPU correctness sweep (ctest -R KernelSweep). Ends with scripts/issue5_summary.py.
#
# Environment: POLICY (required), COST_MODEL (optional: its best-ranked sweep spec is measured as
# method zero_shot_cm, `--spec costmodel:`, and its best-ranked of the sweep and the policy's
# proposals, the dispatcher's choice with both loaded, as zero_shot_pcm), TABLES (the folder of
# tuned_b8/16/32.table.json and grid_b32.table.json; default bench/results/h200/h200_issue5_tables),
# TESTS (device_job.sh's test flag; default the KernelSweep tests), NAME (default h200_issue5_zero_shot_tn),
# EXTRA_SPECS (more --spec arguments for both runs, e.g. a second policy).
# Device call (carry [".device/build"], the policy file in the tree):
#   rm -rf build && mv .device/build build && POLICY=... bash scripts/runs/issue5_zero_shot.sh
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
out="${OUT:-/tmp/issue5_zero_shot_out}"
name="${NAME:-h200_issue5_zero_shot_tn}"
decode="${name}_decode"
[ -f "${POLICY:-}" ] || { echo "issue5_zero_shot: POLICY '${POLICY:-}' is not a file" >&2; exit 2; }
tables="$(realpath "${TABLES:-bench/results/h200/h200_issue5_tables}")"
policy="$(realpath "$POLICY")"
specs="--spec sweep"
for b in 8 16 32; do specs="$specs --spec table:tuned_b$b=$tables/tuned_b$b.table.json"; done
specs="$specs --spec table:grid_b32=$tables/grid_b32.table.json --spec policy:zero_shot=$policy"
if [ -n "${COST_MODEL:-}" ]; then
  specs="$specs --spec costmodel:zero_shot_cm=$(realpath "$COST_MODEL")"
  specs="$specs --spec costmodel:zero_shot_pcm=$(realpath "$COST_MODEL"),$policy"
fi
specs="$specs ${EXTRA_SPECS:-}"
test_args=(--ctest "-R KernelSweep")
[ -n "${TESTS:-}" ] && read -ra test_args <<< "$TESTS"
OUT="$out" bash scripts/device_job.sh "${test_args[@]}" \
  "$name" "--shapes bench/shapes/oracle100.txt --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm $specs" \
  "$decode" "--shapes bench/shapes/decode.txt --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm --spec sweep --spec policy:zero_shot=$policy ${EXTRA_SPECS:-}"
tmp=$(mktemp -d)
for n in "$name" "$decode"; do
  tar xzf "$out/results.tgz" -C "$tmp" "./$n.csv" &&
    { echo "== $n"; python3 scripts/issue5_summary.py "$tmp/$n.csv"; } | tee -a "$out/summary.txt"
done
