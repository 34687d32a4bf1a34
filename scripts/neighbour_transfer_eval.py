#!/usr/bin/env python3
# Offline: would the nearest tuned grid shape's winner (its compiled-in shape stripped) be a
# better zero-measurement pick than the cost model's? For each shape of STORES (grid shapes:
# leave-one-out against the H100 table's other entries; with --offgrid, the stores' shapes the
# table lacks), the pick's measured time against the best measured one, where the store timed
# that pick (notes 136). Usage: neighbour_transfer_eval.py COST_MODEL [--offgrid] STORE...
import collections
import json
import math
import re
import sqlite3
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
offgrid = '--offgrid' in sys.argv
stores = [a for a in sys.argv[2:] if a != '--offgrid']
meas = collections.defaultdict(dict)
for st in stores:
    for m, n, k, spec, t in sqlite3.connect(st).execute("select m,n,k,spec,median_us from measurements where status='ok' and median_us is not null"):
        d = meas[(m, n, k)]
        d[spec] = min(t, d.get(spec, 1e30))
table = {(e['m'], e['n'], e['k']): e['spec'] for e in json.load(open(ROOT / 'data/nvidia_h100_80gb_hbm3.json'))['entries']}
strip = lambda s: re.sub(r'_fix\d+x\d+x\d+$', '', s)
def dist(a, b): return sum((math.log2(x) - math.log2(y)) ** 2 for x, y in zip(a, b))
shapes = [s for s in meas if (s not in table) == offgrid]
# cost model picks
open('/tmp/grid_shapes.txt', 'w').write(''.join('%d_%d_%d\n' % s for s in shapes))
out = subprocess.run([str(ROOT / 'build/tools/autogemm/autogemm'), 'db', 'rank', '--cost-model', sys.argv[1], '--shapes', '/tmp/grid_shapes.txt', '--top', '1'], capture_output=True, text=True).stdout
cm = {}
for line in out.splitlines():
    p = line.split()
    if len(p) >= 3 and p[0].count('_') == 2: cm[tuple(map(int, p[0].split('_')))] = p[2]
res = collections.defaultdict(list); cov = collections.Counter()
for s in shapes:
    best = min(meas[s].values())
    others = sorted((x for x in table if x != s), key=lambda x: dist(x, s))
    for k in (1, 3):
        cands = [strip(table[x]) for x in others[:k]]
        ts = [meas[s][c] for c in cands if c in meas[s]]
        if ts:
            cov['nn%d' % k] += 1; res['nn%d' % k].append(best / min(ts))
    c = cm.get(s)
    if c and c in meas[s]:
        cov['cm'] += 1; res['cm'].append(best / meas[s][c])
    # shapes where both nn1 and cm measured
print('shapes', len(shapes), dict(cov))
for k, v in res.items(): print(k, 'speed vs best measured %.3f over %d' % (math.exp(sum(map(math.log, v)) / len(v)), len(v)))
both = []
for s in shapes:
    best = min(meas[s].values())
    others = sorted((x for x in table if x != s), key=lambda x: dist(x, s))
    n1 = strip(table[others[0]]); c = cm.get(s)
    if n1 in meas[s] and c in meas[s]:
        both.append((best / meas[s][n1], best / meas[s][c], s))
g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
print('both measured', len(both), 'nn1 %.3f cm %.3f' % (g([b[0] for b in both]), g([b[1] for b in both])))
by = collections.defaultdict(list)
for b in both:
    f = 2 * b[2][0] * b[2][1] * b[2][2]
    by['small' if f < 1e8 else ('large' if f >= 1e11 else 'middle')].append(b)
for c, v in by.items(): print(' ', c, len(v), 'nn1 %.3f cm %.3f' % (g([b[0] for b in v]), g([b[1] for b in v])))
