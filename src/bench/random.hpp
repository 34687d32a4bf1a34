// Counter-based random numbers, usable on host and device: element i of a matrix filled with
// seed s has the value f(s, i), whatever thread computes it and in whatever order. That lets the
// fill kernels write B in either layout with the same logical values, and lets CPU tests check
// the distribution the GPU produces.
#pragma once

#include <cmath>
#include <cstdint>

#if defined(__CUDACC__)
#define AUTOGEMM_HD __host__ __device__ __forceinline__
#else
#define AUTOGEMM_HD inline
#endif

namespace autogemm::bench {

// The SplitMix64 output function: a bijection on 64 bits with full avalanche.
AUTOGEMM_HD uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9ULL;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebULL;
  x ^= x >> 31;
  return x;
}

// 64 random bits for counter i of stream `seed`: SplitMix64 evaluated at state
// mix(seed) + i * golden ratio, so distinct seeds give unrelated streams.
AUTOGEMM_HD uint64_t counter_bits(uint64_t seed, uint64_t i) {
  return mix64(mix64(seed) + (i + 1) * 0x9e3779b97f4a7c15ULL);
}

// Derives a seed for one purpose (shape index, check number, matrix) from a base seed.
AUTOGEMM_HD uint64_t derive_seed(uint64_t base, uint64_t a, uint64_t b = 0) {
  return mix64(base ^ mix64(a * 0x100000001b3ULL + b + 0x51ed2701ULL));
}

// Uniform in [-1, 1) with 24 random bits (exact in float).
AUTOGEMM_HD float uniform_pm1(uint64_t bits) {
  return float(bits >> 40) * (1.0f / 8388608.0f) - 1.0f;  // [0, 2^24) / 2^23 - 1
}

// Standard normal by Box-Muller from one 64-bit draw: two 24-bit uniforms, u1 in (0, 1]
// (so the log is finite), u2 in [0, 1). Tails are cut at |z| <= 5.77, which is irrelevant here.
AUTOGEMM_HD float normal_from_bits(uint64_t bits) {
  const float u1 = float((bits >> 40) + 1) * (1.0f / 16777216.0f);
  const float u2 = float(bits & 0xFFFFFFu) * (1.0f / 16777216.0f);
  return sqrtf(-2.0f * logf(u1)) * cosf(6.283185307179586f * u2);
}

}  // namespace autogemm::bench
