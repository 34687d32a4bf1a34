# Sourced by the spec probes (cluster_split_k_probe.sh, big_tile_split_probe.sh,
# ck_family_probe.sh, ck16_probe.sh, ck_dispatch_check.sh). Defines
#   spec_bench NAME "SHAPES" SPEC...
# one `autogemm bench` in kernel mode, layout $LAYOUT (default tn), interleaved with
# cuBLASLt-autotune nn and tn, of the specs sm90_f16f32_${LAYOUT}_SPEC ("sweep": the default sweep;
# "fitted": each shape's fitted specs; "auto": gemm()'s pick; a picker such as
# costmodel:NAME=FILE as it is) on SHAPES (M_N_K ...; $SHAPES overrides), writing $OUT/NAME.csv and $OUT/NAME.log (OUT defaults to /tmp/NAME); BENCH_TIMEOUT
# bounds it (default 300 s); ACC=fp16 runs fp16 accumulation, AUTOGEMM_BIN another binary, BENCH_ARGS
# adds bench options (e.g. "--benchmark_seconds 2", the sustained protocol). Sourcing it also sets the strict mode and moves to the repository
# root, as every probe needs. Also defines
#   spec_bench_reps NAME "SHAPES" SPEC...
# the same in REPS processes (default 2), NAME_1 .. NAME_REPS, each followed by its summary,
#   spec_bench_arms "ARMS" "SHAPES" SPEC...
# processes alternating arms of an experiment (below), and
#   record_machine DIR
# which makes DIR and writes the GPU and driver (DIR/gpu.txt) and the host CPU (DIR/cpu.txt) there:
# ratios against cuBLASLt move with the host's speed (notes 142);
#   gpu_tests LOG [REGEX]
# which, unless NO_TESTS is set, runs the GPU tests matching TESTS_RE, else REGEX, else all, into
# LOG (at most 420 s) and prints their exit status and last lines; and
#   shape_list FILE
# which prints a shapes file's shapes ('#' comments left out) on one line;
#   gemm_arms_probe NAME "ARMS" SHAPES...
# gemm()'s pick (auto) in spec_bench_arms on SHAPES (shape files or M_N_K words), into $OUT/NAME
# with GEMM_ARMS_EXTRA's pickers timed beside it in every process: by default the H200 cost
# model's first pick without a trial (`cm`), a fixed reference for arm_class_stats.py --ref cm,
# since a process can run the same kernels 1-3% slower than another (h200_trial_width_s43); set
# it empty for none
# (OUT defaults to /tmp/NAME) with record_machine's files, then $OUT/NAME.tgz of it; and
#   table_twin_probe NAME BENCH TWIN 'PYTHON'
# the GPU's shipped table (H200 or H100, by name; another GPU: nothing run; TWIN_TABLE names
# another table file instead) as picker `old`
# against a copy of it as picker TWIN (written as TWIN_table.json), in which PYTHON (run with `t`
# the loaded table, `re` and `twin` the twin's name) changes entries and appends each changed
# entry's M_N_K to `shapes`; TWIN may be several names ("a b"), one copy and picker each, PYTHON
# run once per copy and changing the same shapes in each;
# spec_bench_reps BENCH on those shapes into $OUT/NAME (OUT defaults to /tmp/NAME) with
# record_machine's files, then $OUT/NAME.tgz of it; and
#   bench_alone DIR NAME SHAPE ARGS...
# one method (ARGS: --methods ..., --spec ...) alone on SHAPE for 3 s (`--benchmark_seconds 3`)
# into DIR/bench_NAME_SHAPE.csv and .txt, its wall window (ms) appended to DIR/windows.csv for
# matching with an nvidia-smi log, then a second's rest (the power-cap probes); and
#   smi_log DIR
# which starts nvidia-smi sampling board power, SM clock and temperature every 100 ms into
# DIR/smi.csv in the background and sets SMI_PID (kill it when done; scripts/power_window_report.py
# reads the log);
#   probe_out NAME
# which makes $OUT/NAME (OUT defaults to /tmp/NAME), records the machine there and prints its path;
#   ncu_launches METRICS REGEX SKIP COUNT SECONDS BENCH_ARGS...
# ncu's METRICS (comma-separated) of COUNT launches of the kernels matching REGEX after SKIP, in one
# `autogemm bench --rounds 1 --loop_us 100 BENCH_ARGS` bounded by SECONDS, clocks and caches left
# alone (as the bench runs them), printing the kernels' and metrics' lines only;
#   trace_specs DIR SHAPE SPEC...
# `autogemm trace --runs 100` (alone at the power cap) of each fp16/tn SPEC tail on SHAPE into
# DIR/trace_SHAPE_SPEC.txt; and
#   prebuild_ranked FILE TOP OUT
# which writes the H200 cost model's TOP specs per shape of FILE to OUT (autogemm db rank) and
# compiles them all into the JIT cache in parallel (so no timed call waits for NVRTC); and
#   table_specs TABLE [SHAPES]
# which prints a tuning table's specs, one word each (only those of the M_N_K words SHAPES, if
# given), for `autogemm prebuild --spec` lists.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
source scripts/runs/cublas_libs.sh
spec_bench() {
  local name="$1" shapes="${SHAPES:-$2}" out="${OUT:-/tmp/$1}" layout="${LAYOUT:-tn}" s
  shift 2
  mkdir -p "$out"
  local a=() m=()
  for s in "$@"; do
    case "$s" in  # sweep, fitted and pickers (costmodel:NAME=FILE, ...) as they are
      sweep | fitted | auto | *:*) a+=(--spec "$s") ;;
      *) a+=(--spec "sm90_f16f32_${layout}_$s") ;;
    esac
  done
  for s in $shapes; do m+=(--mnk "$s"); done
  local bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}"
  # The results' commit: the binary's build (device_job.sh sets it the same way).
  AUTOGEMM_COMMIT="$(cat "$(dirname "$bin")/../../COMMIT" 2>/dev/null)" \
    timeout "${BENCH_TIMEOUT:-300}" "$bin" bench "${m[@]}" \
    --mode kernel --acc "${ACC:-fp32}" \
    --layout "$layout" --methods cublaslt_autotune_nn,cublaslt_autotune_tn,autogemm "${a[@]}" \
    ${BENCH_ARGS:-} --out "$out/$name.csv" > "$out/$name.log" 2>&1
  echo "bench exit $?"
}
# spec_bench_reps NAME "SHAPES" SPEC...: the same run in REPS processes (default 2), written as
# NAME_1 .. NAME_REPS, each followed by its per-method summary.
spec_bench_reps() {
  local name="$1" shapes="$2" rep
  shift 2
  for rep in $(seq 1 "${REPS:-2}"); do
    spec_bench "${name}_$rep" "$shapes" "$@"
    echo "== ${name}_$rep"
    grep -A5 "^method" "${OUT:-/tmp/${name}_$rep}/${name}_$rep.log" | head -6
  done
}
# spec_bench_arms "ARMS" "SHAPES" SPEC...: the same run in processes alternating the arms, PAIRS
# rounds (default 2), written as ${ARM_PREFIX}ARM_ROUND. ARMS are words ARM or
# ARM:NAME=VALUE[;NAME=VALUE...], the variables exported to that arm's processes only (e.g.
# off:AUTOGEMM_JIT_DEFINES=A,B=1 or t8:AUTOGEMM_AUTOTUNE=8;AUTOGEMM_TRIAL_FIXED=4; a semicolon,
# since AUTOGEMM_JIT_DEFINES's own values are comma-separated). ARMS_ORDER, where set, lists the
# processes to run as ARM:ROUND in their order instead (e.g. mirror halves "b:1 a:1 a:2 b:2", or
# one half of them per device call); an entry naming no arm of ARMS, or without its round, is an
# error (exit status 2) before anything runs. ARMS_TAR, where set, is a tgz of $OUT written after
# every process, so a call cut short keeps the processes that finished.
spec_bench_arms() {
  local arms="$1" shapes="$2" order="${ARMS_ORDER:-}" pair a arm run vars known kv
  shift 2
  if [ -z "$order" ]; then
    for pair in $(seq 1 "${PAIRS:-2}"); do
      for a in $arms; do order="$order ${a%%:*}:$pair"; done
    done
  fi
  for run in $order; do
    known=""
    for a in $arms; do [ "${a%%:*}" = "${run%%:*}" ] && known=1; done
    if [ -z "$known" ] || [ "$run" = "${run%%:*}" ] || [ -z "${run#*:}" ]; then
      echo "spec_bench_arms: ARMS_ORDER entry '$run' is not ARM:ROUND with ARM one of: $arms" >&2
      return 2
    fi
  done
  if [ -n "${ARMS_TAR:-}" ] && [ -z "${OUT:-}" ]; then
    echo "spec_bench_arms: ARMS_TAR needs OUT (the folder it archives)" >&2
    return 2
  fi
  for run in $order; do
    arm="${run%%:*}" pair="${run#*:}" vars=""
    for a in $arms; do [ "${a%%:*}" = "$arm" ] && [ "$a" != "$arm" ] && vars="${a#*:}"; done
    (
      if [ -n "$vars" ]; then
        IFS=';' read -r -a kv <<< "$vars"
        export "${kv[@]}"
      fi
      spec_bench "${ARM_PREFIX:-}${arm}_$pair" "$shapes" "$@"
    )
    [ -n "${ARMS_TAR:-}" ] && tar czf "$ARMS_TAR" -C "$(dirname "$OUT")" "$(basename "$OUT")"
  done
  return 0
}
record_machine() {
  mkdir -p "$1"
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$1/gpu.txt"
  lscpu | grep -E "Model name|^CPU\(s\)" | tee "$1/cpu.txt"
}
gpu_tests() {
  [ -n "${NO_TESTS:-}" ] && return 0
  timeout 420 ctest --test-dir build -L gpu -R "${TESTS_RE:-${2:-.}}" --output-on-failure \
    > "$1" 2>&1
  echo "ctest exit $?"
  tail -4 "$1"
}
bench_alone() {
  local dir=$1 name=$2 shape=$3 t0
  shift 3
  t0=$(date +%s%3N)
  timeout 120 build/tools/autogemm/autogemm bench --mnk "$shape" --layout tn \
    --benchmark_seconds 3 --rounds 1 "$@" --out "$dir/bench_${name}_$shape.csv" \
    > "$dir/bench_${name}_$shape.txt" 2>&1
  echo "bench,$name,$shape,$t0,$(date +%s%3N)" >> "$dir/windows.csv"
  sleep 1
}
smi_log() {
  nvidia-smi --query-gpu=timestamp,power.draw,clocks.sm,temperature.gpu \
    --format=csv,noheader,nounits -lms 100 > "$1/smi.csv" 2>&1 &
  SMI_PID=$!
}
ncu_launches() {
  local metrics="$1" regex="$2" skip="$3" count="$4" seconds="$5"
  shift 5
  timeout "$seconds" ncu --clock-control none --cache-control none --metrics "$metrics" \
    -k "regex:$regex" --launch-skip "$skip" --launch-count "$count" \
    "${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}" bench --rounds 1 --loop_us 100 "$@" 2>&1 |
    grep -E '^  [a-z]|^\s+(gpu__|dram__|lts__|lrc__|sm__|smsp__|l1tex__)|ERROR|error'
}
table_specs() {
  python3 -c "import json,sys
w = set(sys.argv[2].split()) if len(sys.argv) > 2 else None
print(' '.join(e['spec'] for e in json.load(open(sys.argv[1]))['entries']
               if w is None or '%d_%d_%d' % (e['m'], e['n'], e['k']) in w))" "$@"
}
probe_out() {
  local dir="${OUT:-/tmp/$1}/$1"
  record_machine "$dir" >&2
  echo "$dir"
}
trace_specs() {
  local dir=$1 shape=$2 s
  shift 2
  for s in "$@"; do
    timeout 120 build/tools/autogemm/autogemm trace --spec "sm90_f16f32_tn_$s" --mnk "$shape" \
      --runs 100 > "$dir/trace_${shape}_$s.txt" 2>&1
  done
}
shape_list() {
  grep -v '^#' "$1" | tr '\n' ' '
}
# gemm_arms_probe NAME "ARMS" SHAPES_OR_FILES...: gemm()'s pick (`auto`) beside the shipped cost
# model's untimed first pick (`cm`; GEMM_ARMS_EXTRA replaces it) in spec_bench_arms' processes,
# under $OUT/NAME, and $OUT/NAME.tgz (ARMS_TGZ names another) after every process and at the end.
gemm_arms_probe() {
  local name="$1" arms="$2" top="${OUT:-/tmp/$1}" shapes="" s
  shift 2
  for s in "$@"; do
    if [ -f "$s" ]; then shapes="$shapes $(shape_list "$s")"; else shapes="$shapes $s"; fi
  done
  record_machine "$top/$name" > /dev/null
  # shellcheck disable=SC2086  # GEMM_ARMS_EXTRA: more pickers beside auto, split on spaces
  OUT="$top/$name" ARMS_TAR="$top/${ARMS_TGZ:-$name.tgz}" spec_bench_arms "$arms" "$shapes" auto \
    ${GEMM_ARMS_EXTRA-costmodel:cm=data/nvidia_h200.costmodel.json.gz}
  local rc=$?
  [ "$rc" = 2 ] && return 2  # a bad ARMS_ORDER: nothing ran
  tar czf "$top/${ARMS_TGZ:-$name.tgz}" -C "$top" "$name"  # also where no process ran
  return "$rc"
}
table_twin_probe() {
  local name="$1" bench="$2" twin="$3" code="$4" top="${OUT:-/tmp/$1}" d table
  d="$top/$name"
  record_machine "$d"
  if [ -n "${TWIN_TABLE:-}" ]; then
    table="$TWIN_TABLE"
  else
    case "$(cat "$d/gpu.txt")" in
      *H200*) table=data/nvidia_h200.json ;;
      *H100*) table=data/nvidia_h100_80gb_hbm3.json ;;
      *) echo "no shipped table for this GPU: nothing run"; return 0 ;;
    esac
  fi
  rm -f "$d/shapes.txt"  # an earlier call's, which a failing PYTHON must not leave in use
  python3 - "$d" "$table" "$twin" "$code" <<'PY' || return 1
import json, re, sys
d, table, twins, code = sys.argv[1:5]
shapes = None
for twin in twins.split():
    scope = {"t": json.load(open(table)), "re": re, "shapes": [], "twin": twin}
    exec(code, scope)
    if shapes is not None and scope["shapes"] != shapes:
        sys.exit(f"twin {twin} changes other shapes than the first twin")
    shapes = scope["shapes"]
    json.dump(scope["t"], open(f"{d}/{twin}_table.json", "w"), indent=0)
open(f"{d}/shapes.txt", "w").write(" ".join(shapes) + "\n")
print(len(shapes), "entries changed in", table)
PY
  local pickers=(table:old="$table") w
  for w in $twin; do pickers+=(table:"$w"="$d/${w}_table.json"); done
  OUT="$d" BENCH_TIMEOUT=280 spec_bench_reps "$bench" "$(cat "$d/shapes.txt")" "${pickers[@]}"
  tar czf "$top/$name.tgz" -C "$top" "$name"
}
prebuild_ranked() {
  local bin="${AUTOGEMM_BIN:-build/tools/autogemm/autogemm}" s specs=() prebuild=()
  "$bin" db rank --cost-model data/nvidia_h200.costmodel.json.gz --shapes "$1" --top "$2" > "$3"
  mapfile -t specs < <(awk '{print $3}' "$3" | sort -u)
  for s in "${specs[@]}"; do prebuild+=(--spec "$s"); done
  timeout 300 "$bin" prebuild "${prebuild[@]}" 2>&1 | tail -1
}
