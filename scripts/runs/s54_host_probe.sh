#!/usr/bin/env bash
# Session 54, ON the device: (1) the GPU tests of a4af47a's host path; (2) the host's topology
# and whether the launching thread's core moves gemm()'s per-call time (the latency criterion).
set -uo pipefail
source scripts/runs/cublas_libs.sh
d="$OUT/host"; mkdir -p "$d"
(cd build && timeout 300 ctest -L gpu -R "KernelSweep.(SplitReductionPass|SmPlaced)|DispatchGpu" --output-on-failure) > "$d/ctest_gpu.log" 2>&1
echo "ctest rc $?"; tail -4 "$d/ctest_gpu.log"
{ lscpu; echo; nvidia-smi topo -m; echo; command -v numactl && numactl -H; echo;
  bus=$(nvidia-smi --query-gpu=pci.bus_id --format=csv,noheader | head -1 | tr 'A-F' 'a-f' | sed 's/^0000//; s/^/0000/')
  echo "bus $bus"; ls /sys/bus/pci/devices/ | grep -i "${bus#0000}" ; for p in /sys/bus/pci/devices/*${bus: -7}; do echo $p; cat $p/local_cpulist $p/numa_node; done
  grep MHz /proc/cpuinfo; cat /proc/self/status | grep -i cpus_allowed; command -v taskset; } > "$d/topo.txt" 2>&1
bin=build/tools/autogemm/autogemm
spec=sm90_f16f32_tn_64x128x64_s4_c1x1_wg1_tiles_r8m_etmat
$bin overhead --spec $spec --batches 5 > /dev/null 2>&1  # JIT compile once
for c in $(seq 0 15) none none; do
  if [ $c = none ]; then pre=""; else pre="taskset -c $c"; fi
  echo "== core $c"; $pre $bin overhead --spec $spec --batches 20 2>&1
done > "$d/overhead_by_core.txt" 2>&1
for c in 0 3 8 12 none none; do
  if [ $c = none ]; then pre=""; else pre="taskset -c $c"; fi
  echo "== core $c"; $pre $bin bench --mnk 64_64_64 --mnk 64_4096_64 --methods autogemm --spec auto --layout tn --out "$d/lat_$c.csv" 2>&1 | grep -E "^64_" 
done > "$d/latency_by_core.txt" 2>&1
cat "$d/overhead_by_core.txt" | head -40
