#!/usr/bin/env bash
# Split-K fixup before/after (notes 69), ON the device: the GPU tests that run split-K and stream-K
# fixups with the new build, then the previous build (.device/build_old.tar.xz) and this one
# alternating twice on nine few-tile long-K shapes. Output: $OUT/ctest_fixup.log, fix_{old,new}_{1,2}.csv.
set -uo pipefail
cd "$(dirname "$0")/../.."
rm -rf build old && mkdir old && tar xJf .device/build_old.tar.xz -C old && tar xJf .device/build.tar.xz && export OUT && source scripts/runs/cublas_libs.sh
(cd build && timeout 300 ctest -L gpu -R "SplitK|RandomShapes|Scaled" --output-on-failure > $OUT/ctest_fixup.log 2>&1; echo "ctest exit $?" >> $OUT/ctest_fixup.log); tail -6 $OUT/ctest_fixup.log
p=sm90_f16f32_tn; S=""; for s in 64x128x64_s6_c2x1_wg1_persist_r1m_etma_sk4 64x128x64_s6_c2x1_wg1_persist_r8m_etma_sk4 64x64x64_s8_c1x1_wg1_persist_r8m_sk4_swap 64x64x128_s4_c2x1_wg1_persist_r8m_etma_sk4 64x64x64_s8_c1x1_wg1_persist_r8m_etma_sk8 64x128x64_s6_c1x1_wg1_persist_r8m_etma_sk8 128x128x64_s4_c1x1_coop_persist_r8m_etma_sk4; do S="$S --spec ${p}_$s"; done
M=""; for s in 256_512_12288 512_512_16384 128_2048_8192 256_1024_16384 1024_512_16384 64_4096_4096 512_64_16384 2048_128_16384 64_1024_16384; do M="$M --mnk $s"; done
for rep in 1 2; do for v in old new; do b=build/tools/autogemm/autogemm; [ $v = old ] && b=old/build/tools/autogemm/autogemm; $b bench $M --mode kernel --layout tn --methods cublaslt_autotune_tn,autogemm $S --out $OUT/fix_${v}_$rep.csv > /dev/null 2>&1; done; done
python3 - <<'PY'
import csv,collections,os
O=os.environ['OUT']; t=collections.defaultdict(lambda: collections.defaultdict(list))
for v in ('old','new'):
  for rep in (1,2):
    for r in csv.DictReader(open(f'{O}/fix_{v}_{rep}.csv')):
      if r['method']=='autogemm' and r['median_us']: t[(r['M'],r['N'],r['K'])][(v,r['spec'][15:])].append(float(r['median_us']))
for k,d in t.items():
  best={v:min(min(x) for (vv,s),x in d.items() if vv==v) for v in ('old','new')}
  print('x'.join(k), 'best old %.2f new %.2f ratio %.3f'%(best['old'],best['new'],best['new']/best['old']))
PY
