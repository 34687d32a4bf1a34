#!/usr/bin/env bash
# Rebuilds session 42's candidate H200 cost model B3_final (h200_costmodel_offline_s42: the
# shipped recipe's old H200 stores without the rows of shapes re-tuned since, the eleven re-tune
# stores of sessions 38-41, the five H100 stores and the off-grid store h200_offgrid215_s42) from
# the committed stores. Training is deterministic: the file's sha256 must read
#   8635c4f20a377673a995c4c9ff7c72d665fa3b6634312c82a7b32d17609289f9
# (checked at the end). Needs build/ (scripts/build.sh); about a minute on two cores.
# Usage: scripts/costmodel_train_b3.sh WORKDIR OUT
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: $0 WORKDIR OUT" >&2; exit 2; }
root="$(cd "$(dirname "$0")/.." && pwd)"
R="$root/bench/results"
bin="$root/build/tools/autogemm/autogemm"
[ -x "$bin" ] || { echo "$0: no $bin (run scripts/build.sh)" >&2; exit 2; }
out="$(realpath -m "$2")"
mkdir -p "$(dirname "$out")"
mkdir -p "$1" && cd "$1"
rm -rf old new h100 off x && mkdir -p old new h100 off x
source "$root/scripts/runs/cublas_libs.sh"

old="issue5_grid_b32:b32 split_seeds_retune:retune grid_b32_s13:b32 grid_b32_s13b:b32
     offgrid_train:offgrid_train fitted_train6:fitted_train fitted_train8:fitted_train"
new="weak_retune_s38 large_retune_s38 middle_retune_s38 large_retune_s39 middle_retune_s39
     retune_s39b middle_retune_s40 middle_retune_s41a middle_retune_s41b middle_retune_s41c
     large_retune_s41"
h100="h100_tune_s18 h100_tune_s19 h100_retune_b64_s19 h100_offgrid_train_s19 h100_offgrid_train_s20"
stores=()
for f in $old; do
  n=${f%%:*} d=${f##*:}
  # The largest state archives are xz-compressed (.txz, 3366bf7), the others gzip (.tgz).
  a="$R/h200/h200_${n}_state.txz"
  [ -f "$a" ] || a="${a%.txz}.tgz"
  mkdir -p "x/$n" && tar xf "$a" -C "x/$n"
  cp "x/$n/$d/tune.sqlite" "old/$n.sqlite"
  stores+=(--store "old/$n.sqlite")
done
rm -rf x
for n in $new; do
  xz -dc "$R/h200/h200_$n.sqlite.xz" > "new/$n.sqlite"
  stores+=(--store "new/$n.sqlite")
done
for n in $h100; do
  xz -dc "$R/h100/$n.sqlite.xz" > "h100/$n.sqlite"
  stores+=(--store "h100/$n.sqlite")
done
xz -dc "$R/h200/h200_offgrid215_s42.sqlite.xz" > off/offgrid215.sqlite
stores+=(--store off/offgrid215.sqlite)
# The old stores lose every row of a shape that a re-tune store holds: those shapes' old rows
# were timed with the early-trigger kernels (h200_costmodel_offline_s41).
python3 - old/*.sqlite new/*.sqlite <<'PY'
import sqlite3, sys
olds = [p for p in sys.argv[1:] if p.startswith("old/")]
news = [p for p in sys.argv[1:] if p.startswith("new/")]
shapes = set()
for p in news:
    shapes |= {r[0] for r in sqlite3.connect(p).execute(
        "select distinct m||'_'||n||'_'||k from measurements")}
for p in olds:
    db = sqlite3.connect(p)
    db.execute("create temp table ns(k text primary key)")
    db.executemany("insert into ns values (?)", [(s,) for s in shapes])
    n = db.execute("delete from measurements where m||'_'||n||'_'||k in (select k from ns)").rowcount
    db.commit()
    print(f"{p}: {n} rows of re-tuned shapes deleted")
PY
"$bin" db train-cost-model "${stores[@]}" --pool-gpus --ensemble-depths 5,6,7 --out "$out"
sum="$(sha256sum "$out" | cut -d' ' -f1)"
echo "$out: sha256 $sum"
[ "$sum" = 8635c4f20a377673a995c4c9ff7c72d665fa3b6634312c82a7b32d17609289f9 ] ||
  { echo "$0: not session 42's B3_final (another build or store?)" >&2; exit 1; }
