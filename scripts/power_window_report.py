#!/usr/bin/env python3
# Board power and SM clock beside each timed run of a power-cap probe (scripts/runs/
# mma_ceiling_probe.sh, alone_cap_probe.sh): DIR holds smi.csv (nvidia-smi --query-gpu=timestamp,
# power.draw,clocks.sm,... -lms 100, UTC timestamps), windows.csv (bench_alone's lines
# "bench,NAME,SHAPE,START_MS,END_MS") and, from the wgmma probe, probe.csv. For each run: its
# TFLOP/s, the mean power and clock over its window (a probe run: its second half; a bench run: its
# last 2.3 s, the sustained loop), TFLOP/s per W, and for probe runs the work per SM cycle at the
# kernel's own clock (sm_mhz, clock64 against %globaltimer) as a share of 4096 flop.
# Usage: power_window_report.py DIR [SMS]   (SMS: the GPU's SM count, default 132)
import csv
import datetime
import sys
from pathlib import Path


def epoch_ms(stamp):
    t = datetime.datetime.strptime(stamp.strip(), '%Y/%m/%d %H:%M:%S.%f')
    return t.replace(tzinfo=datetime.timezone.utc).timestamp() * 1000


def main():
    d = Path(sys.argv[1])
    sms = int(sys.argv[2]) if len(sys.argv) > 2 else 132
    samples = []
    for line in open(d / 'smi.csv'):
        p = line.split(',')
        try:
            samples.append((epoch_ms(p[0]), float(p[1]), float(p[2])))
        except (ValueError, IndexError):
            pass  # a header or an error line

    def window(a, b):
        s = [x for x in samples if a <= x[0] <= b]
        if not s:
            return float('nan'), float('nan')
        return sum(x[1] for x in s) / len(s), sum(x[2] for x in s) / len(s)

    print('run,TFLOP/s,W,smi_MHz,TFLOP/s_per_W,kernel_MHz,peak_per_cycle')
    if (d / 'probe.csv').exists():
        for r in csv.DictReader(open(d / 'probe.csv')):
            a, b = float(r['start_ms']), float(r['end_ms'])
            watts, mhz = window(a + (b - a) / 2, b)
            tf, kmhz = float(r['tflops']), float(r['sm_mhz'])
            share = tf * 1e12 / (kmhz * 1e6 * sms) / 4096
            print(f"{r['structure']} {r['data']},{tf:.1f},{watts:.0f},{mhz:.0f},{tf / watts:.3f},"
                  f"{kmhz:.0f},{share:.3f}")
    for line in open(d / 'windows.csv'):
        p = line.strip().split(',')
        if p[0] != 'bench':
            continue
        name, shape, b = p[1], p[2], float(p[4])
        rows = list(csv.DictReader(open(d / f'bench_{name}_{shape}.csv')))
        tf = float(rows[-1]['tflops'])
        watts, mhz = window(b - 2500, b - 200)
        print(f'{name} {shape},{tf:.1f},{watts:.0f},{mhz:.0f},{tf / watts:.3f},,')


if __name__ == '__main__':
    main()
