# Sourced by the probe scripts that run the binary outside device_job.sh: puts cuBLAS 13 on the
# loader's path as device_job.sh finds it (from the CUDA toolkit, else from PyTorch's wheels).
# Safe under `set -e`: it ends with a zero status whether or not it finds them.
for d in $(python3 -c 'import site; print(" ".join(site.getsitepackages()))' 2>/dev/null); do
  for lib in "$d"/nvidia/cu13/lib "$d"/nvidia/cublas/lib; do
    if [ -e "$lib/libcublasLt.so.13" ]; then export LD_LIBRARY_PATH="$lib:${LD_LIBRARY_PATH:-}"; fi
  done
done
