#!/usr/bin/env bash
# Issue 5's sample-efficiency acceptance, ON the device (docs/DEVICE.md), in two phases:
#
#   PHASE=tune (default): three independent searches on oracle100 (fp16 data, fp32 accumulate,
#     tn), budgets 8, 16 and 32, each with its own experience store and table (one store would
#     let a search borrow the others' winners). Tuning takes longer than one device call, so
#     each budget runs under `timeout` within TIME_LIMIT seconds in all and resumes (--resume)
#     where the last call stopped. The state (stores, tables, logs) lives in STATE, outside
#     $OUT, which survives while the machine stays warm, and leaves each call packed as
#     $OUT/issue5_state.tgz; bring that back as INPUT to a call on a fresh machine.
#   PHASE=bench: one interleaved run on oracle100 through device_job.sh: the default sweep (its
#     best per shape is the oracle), the three tables' picks as methods tuned_b8, tuned_b16 and
#     tuned_b32 (--spec table:NAME=FILE), the policy's top choice as zero_shot if POLICY names
#     a policy file, and cuBLASLt-autotune in both layouts; then scripts/issue5_summary.py on
#     its CSV. $OUT gets results.tgz (CSV, JSON, .md, the tables used) and summary.txt.
#
# Environment:
#   PHASE       tune | bench (default tune)
#   INPUT       issue5_state.tgz from an earlier call (a path in the carried tree, or a folder
#               holding it); used unless this machine's STATE is from a later call
#   STATE       where the state lives on the device (default /tmp/issue5_state)
#   TIME_LIMIT  tune: seconds for all budgets of this call (default 480, inside the device
#               tool's 600 s per command)
#   BUDGETS     tune: default "8 16 32"
#   SHAPES      tune: the shape file (default bench/shapes/oracle100.txt; GRID=1 writes and uses
#               the whole CUDA-L2 grid, `autogemm shapes --grid cudal2`)
#   DEVICES     tune: GPUs for `tune --devices` (e.g. 0,1); default one GPU without --devices
#   COST_MODEL  tune: a cost model file for `tune --cost-model` (each batch measures the
#               best-ranked of the proposals); default none
# Each budget's folder keeps SECONDS: the wall time its tune commands have run, over all calls
# (the throughput figure: the tuner's time, not machine start or packing).
#   POLICY      bench: a learned policy file, measured as zero_shot
#   NAME        bench: the results' name (default h200_issue5_oracle100_tn)
#   TESTS       bench: device_job.sh's test flag (default --no-tests)
#
# Device calls (carry: [".device"], the build packed by scripts/pack_build.sh, and the state
# copied from the last call's files into .device/issue5/):
#   rm -rf build && mv .device/build build && INPUT=.device/issue5 bash scripts/runs/issue5_sample_efficiency.sh
#   rm -rf build && mv .device/build build && PHASE=bench INPUT=.device/issue5 bash scripts/runs/issue5_sample_efficiency.sh
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 2
out="${OUT:-/tmp/issue5_out}"
state="${STATE:-/tmp/issue5_state}"
phase="${PHASE:-tune}"
bin=build/tools/autogemm/autogemm
mkdir -p "$out"
shapes="${SHAPES:-bench/shapes/oracle100.txt}"
if [ "${GRID:-0}" = 1 ]; then
  shapes="$out/grid_cudal2.txt"
  "$bin" shapes --grid cudal2 > "$shapes" || exit 2
fi
total=$(grep -cv '^\s*\(#\|$\)' "$shapes")
AUTOGEMM_COMMIT="$(cat build/COMMIT 2>/dev/null || echo unknown)"
export AUTOGEMM_COMMIT

# The state to continue from: INPUT's, unless this (warm) machine already holds a later one.
# Each call counts itself in $state/CALLS, so the later one is the one with the higher count.
restore_state() {
  local input="${INPUT:-}"
  [ -d "$input" ] && input="$input/issue5_state.tgz"
  if [ -z "$input" ]; then
    echo "state: $state ($(cat "$state/CALLS" 2>/dev/null || echo 0) earlier calls; no INPUT)"
    return
  fi
  [ -f "$input" ] || { echo "issue5: INPUT $input does not exist" >&2; exit 2; }
  local tmp
  tmp=$(mktemp -d)
  tar xzf "$input" -C "$tmp" || { echo "issue5: cannot unpack $input" >&2; exit 2; }
  local theirs ours
  theirs=$(cat "$tmp/CALLS" 2>/dev/null || echo 0)
  ours=$(cat "$state/CALLS" 2>/dev/null || echo 0)
  if [ "$ours" -gt "$theirs" ]; then
    echo "state: kept $state (call $ours) over INPUT $input (call $theirs)"
    rm -rf "$tmp"
  else
    rm -rf "$state" && mkdir -p "$(dirname "$state")" && mv "$tmp" "$state"
    echo "state: from INPUT $input (call $theirs)"
  fi
}

# "shapes done: N finished, ..." from the store's stats.
shapes_done() {
  [ -f "$1" ] || { echo 0; return; }
  "$bin" db stats --store "$1" 2>/dev/null | sed -n 's/^shapes done: \([0-9]*\) finished.*/\1/p'
}

tune_phase() {
  local deadline=$(($(date +%s) + ${TIME_LIMIT:-480}))
  echo $(($(cat "$state/CALLS" 2>/dev/null || echo 0) + 1)) > "$state/CALLS"
  for b in ${BUDGETS:-8 16 32}; do
    local dir="$state/b$b"
    mkdir -p "$dir"
    local done_before rc=0
    done_before=$(shapes_done "$dir/tune.sqlite")
    # Exit 4: a candidate broke the CUDA context; the tuner says to run again with --resume.
    while [ "$(shapes_done "$dir/tune.sqlite")" -lt "$total" ]; do
      local left=$((deadline - $(date +%s)))
      [ "$left" -ge 30 ] || { rc=124; break; }
      local t0 devices=()
      t0=$(date +%s)
      [ -n "${DEVICES:-}" ] && devices=(--devices "$DEVICES")
      [ -n "${COST_MODEL:-}" ] && devices+=(--cost-model "$COST_MODEL")
      timeout -k 20 "$left" "$bin" tune --shapes "$shapes" --dtype fp16 --acc fp32 --layout tn \
        --budget "$b" --store "$dir/tune.sqlite" --resume --out-table "$dir/table.json" \
        "${devices[@]}" >> "$dir/tune.log" 2>&1
      rc=$?
      echo $(($(cat "$dir/SECONDS" 2>/dev/null || echo 0) + $(date +%s) - t0)) > "$dir/SECONDS"
      [ "$rc" -eq 4 ] || break
    done
    # A stopped run wrote no table: export what the store holds so far (unfinished shapes
    # included; the count below says how many are finished).
    if [ "$rc" -ne 0 ] && [ -f "$dir/tune.sqlite" ]; then
      "$bin" db export --store "$dir/tune.sqlite" --out "$dir/table.json" >> "$dir/tune.log" 2>&1
    fi
    echo "budget $b: exit $rc (124: out of time in this call); shapes done $(shapes_done "$dir/tune.sqlite")/$total" \
      "(was $done_before); tuner wall time over all calls $(cat "$dir/SECONDS" 2>/dev/null || echo 0) s"
    [ -f "$dir/tune.log" ] && tail -n 2 "$dir/tune.log" | sed 's/^/  /'
  done
  # One file back (the device tool returns at most 8), plus the tables to look at.
  tar czf "$out/issue5_state.tgz" -C "$state" .
  for b in ${BUDGETS:-8 16 32}; do
    [ -f "$state/b$b/table.json" ] && cp "$state/b$b/table.json" "$out/tuned_b$b.json"
  done
  echo "state -> $out/issue5_state.tgz ($(du -h "$out/issue5_state.tgz" | cut -f1))"
}

bench_phase() {
  local name="${NAME:-h200_issue5_oracle100_tn}"
  # The tables (and policy) go into the results folder device_job.sh packs, beside the CSV.
  local keep="$out/results"
  mkdir -p "$keep"
  local specs="--spec sweep" progress=""
  for b in 8 16 32; do
    [ -f "$state/b$b/table.json" ] || { echo "issue5: no table for budget $b in $state" >&2; exit 2; }
    progress="$progress budget $b: $(shapes_done "$state/b$b/tune.sqlite")/$total shapes tuned;"
    cp "$state/b$b/table.json" "$keep/tuned_b$b.table.json"
    specs="$specs --spec table:tuned_b$b=$keep/tuned_b$b.table.json"
  done
  if [ -n "${POLICY:-}" ]; then
    cp "$POLICY" "$keep/zero_shot.policy.json" || exit 2
    specs="$specs --spec policy:zero_shot=$keep/zero_shot.policy.json"
  fi
  # shellcheck disable=SC2086  # TESTS is a flag string (e.g. --ctest -V), split on purpose
  bash scripts/device_job.sh ${TESTS:---no-tests} "$name" \
    "--shapes $shapes --mode kernel --layout tn --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm $specs"
  echo "tables:$progress" | tee -a "$out/summary.txt"
  local tmp
  tmp=$(mktemp -d)
  tar xzf "$out/results.tgz" -C "$tmp" "./$name.csv" &&
    python3 scripts/issue5_summary.py "$tmp/$name.csv" | tee -a "$out/summary.txt"
}

restore_state
mkdir -p "$state"
case "$phase" in
  tune) tune_phase ;;
  bench) bench_phase ;;
  *) echo "issue5: PHASE '$phase': expected tune or bench" >&2; exit 2 ;;
esac
