// Types shared by the device code and the host code that launches it (no CUDA headers needed).
#pragma once

namespace autogemm::sm90 {

enum class ElemType : int { kF16 = 0, kBF16 = 1 };

#if defined(__CUDACC__)
#define AUTOGEMM_HOST_DEVICE __host__ __device__
#else
#define AUTOGEMM_HOST_DEVICE
#endif

// Unsigned division by a divisor fixed for a launch, as one multiply and one shift: the host
// computes it (make_fast_div) and the kernel divides with it (fast_div). A division by a run-time
// value is a chain of ~20 dependent instructions (a reciprocal, a conversion, corrections) that
// held each tile's first loads and its C store back by a few hundred cycles (notes 219).
// Granlund and Montgomery (1994), theorem 4.2 with N = 31: for 1 <= d < 2^31, l = ceil(log2 d)
// and mul = ceil(2^(31 + l) / d) (< 2^32), n / d == (n · mul) >> (31 + l) for every n < 2^31.
struct FastDiv {
  unsigned d = 1, mul = 1u << 31, shift = 31;  // d = 1: n · 2^31 >> 31 = n
};

// Divisor `d` from 1 to 2^31 - 1 (the caller checks; nothing else is exact). Host only.
#if !defined(__CUDACC_RTC__)
inline FastDiv make_fast_div(unsigned d) {
  unsigned l = 0;
  while ((1ull << l) < d) ++l;
  FastDiv f;
  f.d = d;
  f.mul = unsigned(((1ull << (31 + l)) + d - 1) / d);
  f.shift = 31 + l;
  return f;
}
#endif

// n / f.d for 0 <= n < 2^31.
AUTOGEMM_HOST_DEVICE inline unsigned fast_div(unsigned n, const FastDiv& f) {
  return unsigned((static_cast<unsigned long long>(n) * f.mul) >> f.shift);
}

// Run-time arguments of the GEMM kernel besides the two TMA descriptors. C is row-major M×N.
struct GemmArgs {
  void* c;
  int m, n, k;
  long long ldc;  // elements between consecutive rows of C
  // Stream-K only: one partial tile per CTA (fp32) and one ready flag per CTA and consumer,
  // then (from flags + flag_stride) one aligned split-K reader count per CTA and consumer; all
  // zero between launches.
  float* workspace;
  int* flags;
  int flag_stride;
  // Tracing builds only (AUTOGEMM_TRACE, trace.cuh): per-item cycle stamps; null otherwise.
  unsigned long long* trace;
  int trace_items;  // items recorded per role and CTA
  // Scaled kernels only (GemmConfig::kScaled): C = alpha·A·B + beta·C; C is read when beta != 0.
  float alpha, beta;
  // Split-K's reduction pass only (GemmConfig::kSplitPass): blocks per tile and consumer
  // warpgroup, each summing a slice of the accumulators.
  int reduce_slices;
  // The tile order's divisors (scheduler.cuh), set by the host from the problem and the spec:
  // units in one band of the raster (kSwizzle × the units across it) and the last band's height
  // (the units along the banded axis modulo kSwizzle, or kSwizzle).
  FastDiv band, tail;
};

}  // namespace autogemm::sm90
