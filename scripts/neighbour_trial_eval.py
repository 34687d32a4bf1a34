#!/usr/bin/env python3
# Offline (notes 321): would the nearest tuned shapes' winners, added to gemm()'s first-call trial,
# beat the trial as it is? For each middle or large shape (M > 64) of the stores, leave-one-out:
# the trial's candidates (`autogemm dispatch`), the winners of the K nearest other tuned shapes
# (log-space distance over the stores' tables and the shipped H200 table, compiled-in shapes
# stripped), and, for calibration, the cost model's ranks 7-12 (`autogemm db rank`); a candidate
# counts where the store timed it on that shape. Prints per class the geomean of (best timed trial
# candidate) / (best timed with the additions), and how many additions were timed.
# Usage: neighbour_trial_eval.py STORE:TABLE... (the stores' SQLite files and their exported
# tables, e.g. the decompressed h200_offgrid462_s45/tune.sqlite.xz and table.json.gz)
import collections
import json
import math
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLI = str(ROOT / 'build/tools/autogemm/autogemm')
strip = lambda s: re.sub(r'_fix\d+x\d+x\d+$', '', s)


def cls(s):
    f = 2 * s[0] * s[1] * s[2]
    return 'small' if f < 1e8 else 'middle' if f < 1e11 else 'large'


def geomean(v):
    return math.exp(sum(map(math.log, v)) / len(v)) if v else float('nan')


def trial(s):
    out = subprocess.run([CLI, 'dispatch', '--mnk', '%d_%d_%d' % s, '--layout', 'tn', '--gpu',
                          'NVIDIA H200', '--data-dir', str(ROOT / 'data')],
                         capture_output=True, text=True).stdout.splitlines()
    i = next((j for j, l in enumerate(out) if l.startswith('trial:')), None)
    specs = []
    if i is not None:
        for l in out[i + 1:]:
            if not l.strip().startswith('sm90'):
                break
            specs.append(l.strip())
    return specs or [l.split()[1] for l in out if l.startswith('spec:')]


def main():
    meas = collections.defaultdict(dict)
    win = {}
    tables = [str(ROOT / 'data/nvidia_h200.json')]
    for arg in sys.argv[1:]:
        store, table = arg.split(':')
        tables.append(table)
        for m, n, k, spec, t in sqlite3.connect(store).execute(
                "select m,n,k,spec,median_us from measurements where status='ok' and "
                "median_us is not null and layout='tn' and dtype='fp16' and acc='fp32'"):
            d = meas[(m, n, k)]
            d[spec] = min(t, d.get(spec, 1e30))
    for f in tables:
        for e in json.load(open(f))['entries']:
            if (e['layout'], e['dtype'], e['acc']) == ('tn', 'fp16', 'fp32'):
                win[(e['m'], e['n'], e['k'])] = e['spec']
    shapes = [s for s in meas if cls(s) != 'small' and s[0] > 64]
    listing = ROOT / 'build/neighbour_trial_eval_shapes.txt'
    listing.write_text(''.join('%d_%d_%d\n' % s for s in shapes))
    ranked = collections.defaultdict(list)
    for l in subprocess.run([CLI, 'db', 'rank', '--cost-model',
                             str(ROOT / 'data/nvidia_h200.costmodel.json.gz'), '--shapes',
                             str(listing), '--top', '12'], capture_output=True,
                            text=True).stdout.splitlines():
        p = l.split()
        if len(p) >= 3 and p[0].count('_') == 2 and p[2].startswith('sm90'):
            ranked[tuple(map(int, p[0].split('_')))].append(p[2])
    dist = lambda a, b: sum((math.log2(x) - math.log2(y)) ** 2 for x, y in zip(a, b))
    gain = collections.defaultdict(list)
    timed = collections.Counter()
    for s in shapes:
        d = meas[s]
        base = [d[x] for x in trial(s) if x in d]
        if not base:
            continue
        best = min(base)
        others = sorted((x for x in win if x != s and x[0] > 64), key=lambda x: dist(x, s))
        for k in (1, 2, 4):
            added = [strip(win[x]) for x in others[:k]]
            t = [d[x] for x in added if x in d]
            timed[f'nearest {k}'] += len(t)
            timed[f'nearest {k} listed'] += len(added)
            gain[(cls(s), f'nearest {k}')].append(best / min([best] + t))
        added = ranked[s][6:12]
        t = [d[x] for x in added if x in d]
        timed['model ranks 7-12'] += len(t)
        timed['model ranks 7-12 listed'] += len(added)
        gain[(cls(s), 'model ranks 7-12')].append(best / min([best] + t))
    for key in sorted(gain):
        print(f'{key[0]:6} {key[1]:17} n={len(gain[key]):4} gain {geomean(gain[key]):.4f}')
    for key in sorted(timed):
        print(f'{key}: {timed[key]}')


if __name__ == '__main__':
    main()
