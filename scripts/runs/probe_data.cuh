// Shared by the decode probes (gemv_probe.cu, wstream_probe.cu): N(0,1) fp16 data from a
// counter, the fp32 reference of C = X · Wᵀ, NaN poison for C, and the buffers they fill. One
// translation unit per probe (the kernels are defined here).
#pragma once

#include <algorithm>
#include <cmath>
#include <vector>

#include "../../include/autogemm/sm90/ptx.cuh"
#include "probe_util.cuh"

namespace autogemm::sm90 {

// Approximately N(0,1) from a counter (Box-Muller on two hashed uniforms), rounded to fp16.
__device__ inline float hash_uniform(unsigned long long x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  x *= 0xc4ceb9fe1a85ec53ULL;
  x ^= x >> 33;
  return (float((x >> 40) & 0xffffff) + 0.5f) / 16777216.f;
}
__global__ void fill_normal(u16* p, long long count, unsigned long long seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count;
       i += (long long)gridDim.x * blockDim.x) {
    const float u1 = hash_uniform(seed * 0x9e3779b97f4a7c15ULL + 2 * i);
    const float u2 = hash_uniform(seed * 0x9e3779b97f4a7c15ULL + 2 * i + 1);
    const float z = sqrtf(-2.f * logf(u1)) * cosf(6.2831853f * u2);
    p[i] = u16(pack_f16x2(z, 0.f) & 0xffffu);
  }
}
__device__ inline float f16_to_f32(u16 h) {
  float f;
  asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h));
  return f;
}
// ref[t][r] = sum_k W[r][k] X[t][k] in fp32.
__global__ void reference(const u16* w, const u16* x, float* ref, int m, int n, int k) {
  const int r = blockIdx.x * blockDim.x + threadIdx.x, t = blockIdx.y;
  if (r >= n) return;
  float s = 0.f;
  for (int i = 0; i < k; ++i)
    s += f16_to_f32(w[(long long)r * k + i]) * f16_to_f32(x[(long long)t * k + i]);
  ref[(long long)t * n + r] = s;
}
__global__ void poison(u16* c, long long count) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < count;
       i += (long long)gridDim.x * blockDim.x)
    c[i] = 0x7e00;  // NaN
}

// The probes' device buffers, filled: W (max_w elements) and X (max_x) with N(0,1) values, C
// (max_c) and its fp32 reference, their host copies, a stream and two events for timing. Kept
// for the process's life (a probe exits when done).
struct ProbeBuffers {
  u16 *w, *x, *c;
  float* ref;
  std::vector<u16> hc;
  std::vector<float> href;
  cudaStream_t stream;
  cudaEvent_t e0, e1;
  ProbeBuffers(long long max_w, long long max_x, long long max_c) : hc(max_c), href(max_c) {
    CK(cudaMalloc(&w, max_w * 2));
    CK(cudaMalloc(&x, max_x * 2));
    CK(cudaMalloc(&c, max_c * 2));
    CK(cudaMalloc(&ref, max_c * 4));
    fill_normal<<<1024, 256>>>(w, max_w, 1);
    fill_normal<<<1024, 256>>>(x, max_x, 2);
    CK(cudaGetLastError());
    CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
  }
  // The fp32 reference of C = X · Wᵀ for m tokens, n rows of W and depth k, into ref and href;
  // returns its largest magnitude (the probes' errors are relative to it).
  double reference_of(int m, int n, int k) {
    reference<<<dim3((n + 127) / 128, m), 128>>>(w, x, ref, m, n, k);
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(href.data(), ref, size_t(m) * n * 4, cudaMemcpyDeviceToHost));
    double ref_max = 0;
    for (long long i = 0; i < (long long)m * n; ++i)
      ref_max = std::max(ref_max, double(std::fabs(href[i])));
    return ref_max;
  }
  // Microseconds per call of `launch` (on `stream`), as the bench's kernel mode times it: three
  // warm-up calls, then 7 loops of 20 back-to-back calls between two events; sorted, so [3] is
  // the median and [0], [6] the extremes.
  template <class Launch>
  std::vector<float> time_launches(Launch&& launch) {
    for (int i = 0; i < 3; ++i) launch();
    std::vector<float> t;
    for (int loop = 0; loop < 7; ++loop) {
      CK(cudaEventRecord(e0, stream));
      for (int i = 0; i < 20; ++i) launch();
      CK(cudaEventRecord(e1, stream));
      CK(cudaEventSynchronize(e1));
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      t.push_back(ms * 1000.f / 20.f);
    }
    std::sort(t.begin(), t.end());
    return t;
  }
};

}  // namespace autogemm::sm90
