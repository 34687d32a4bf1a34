import csv,math,collections,sys
from results_csv import open_results_csv
gm=lambda xs: math.exp(sum(map(math.log,xs))/len(xs))
def load(f):
    d=collections.defaultdict(dict); spec={}
    for r in csv.DictReader(open_results_csv(f)):
        if r['status']!='ok': continue
        s=(int(r['M']),int(r['N']),int(r['K']))
        d[s][r['method']]=float(r['median_us'])
        if r['method']=='autogemm': spec[s]=r['spec']
    return d,spec
def cls(s):
    f=2*s[0]*s[1]*s[2]; return 'small' if f<1e8 else 'middle' if f<1e11 else 'large'
base=sys.argv[1]; ext=sys.argv[2] if len(sys.argv)>2 else '.csv'
runs={n:load(f'{base}/{n}{ext}') for n in ['off_1','on_1','off_2','on_2']}
print('against the best cuBLASLt-autotune of its process (geomean; by class):')
for n,(d,spec) in runs.items():
    out=collections.defaultdict(list)
    for s,m in d.items():
        cb=min(v for k,v in m.items() if k.startswith('cublaslt'))
        out['all'].append(cb/m['autogemm']); out[cls(s)].append(cb/m['autogemm'])
    kinds=collections.Counter(v.split()[0] for v in spec.values())
    print(' ',n, ' '.join(f"{c} {gm(v):.4f} ({len(v)})" for c,v in sorted(out.items())), dict(kinds))
print('raw time off / on (above 1: timing faster):')
for a,b in [('off_1','on_1'),('off_2','on_2'),('off_1','on_2'),('off_2','on_1')]:
    out=collections.defaultdict(list)
    for s in runs[a][0]:
        r=runs[a][0][s]['autogemm']/runs[b][0][s]['autogemm']
        out['all'].append(r); out[cls(s)].append(r)
    print(' ',a,'/',b,' '.join(f"{c} {gm(v):.4f}" for c,v in sorted(out.items())))
on1,on2,off1=runs['on_1'][1],runs['on_2'][1],runs['off_1'][1]
print('timed picks differing from the model\'s:', sum(1 for s in on1 if on1[s].split()[1]!=off1[s].split()[1]),
      '(process 1),', sum(1 for s in on2 if on2[s].split()[1]!=off1[s].split()[1]), '(process 2) of', len(on1),
      '; the two on processes agree on', sum(1 for s in on1 if on1[s].split()[1]==on2[s].split()[1]))
