// Shared by the decode probes (gemv_probe.cu, wstream_probe.cu): N(0,1) fp16 data from a
// counter, the fp32 reference of C = X · Wᵀ, and NaN poison for C. One translation unit per
// probe (the kernels are defined here).
#pragma once

#include "../../include/autogemm/sm90/ptx.cuh"

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

}  // namespace autogemm::sm90
