// Types shared by the device code and the host code that launches it (no CUDA headers needed).
#pragma once

namespace autogemm::sm90 {

enum class ElemType : int { kF16 = 0, kBF16 = 1 };

#if defined(__CUDACC__)
#define AUTOGEMM_HOST_DEVICE __host__ __device__ __forceinline__
#else
#define AUTOGEMM_HOST_DEVICE inline
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

// Rows of one TMA box of an operand slice of `slice` rows (whole 8-row swizzle atoms): the
// fewest equal whole-atom parts of at most 256 rows, TMA's largest box dimension (272 rows: two
// boxes of 136). The host's tensor map (autogemm::tma_box_rows) and the kernel's loads
// (for_each_box) both take it from here.
AUTOGEMM_HOST_DEVICE constexpr int tma_box_rows_of(int slice) {
  for (int parts = 1; parts <= slice / 8; ++parts)
    if (slice % parts == 0 && (slice / parts) % 8 == 0 && slice / parts <= 256)
      return slice / parts;
  return slice;  // not whole atoms: left for the rules to refuse
}

// n / f.d for 0 <= n < 2^31.
AUTOGEMM_HOST_DEVICE unsigned fast_div(unsigned n, const FastDiv& f) {
  return unsigned((static_cast<unsigned long long>(n) * f.mul) >> f.shift);
}

// Where unit `unit` lies in the tile order (scheduler.cuh): bands of `swizzle` units along the
// banded axis (M for raster m), `banded` units long, the last band maybe thinner; within a band
// the units go down the band first. `band` divides by swizzle × the units across, `tail` by the
// last band's thickness (GemmArgs::band, tail). Returns the unit's index along the banded axis
// (`in`) and across it (`across`). Shared by the kernel and its CPU test.
struct BandPosition {
  unsigned in, across;
};
AUTOGEMM_HOST_DEVICE BandPosition band_position(unsigned unit, unsigned banded, unsigned swizzle,
                                                const FastDiv& band, const FastDiv& tail) {
  const unsigned group = fast_div(unit, band);
  const unsigned local = unit - group * band.d, first = group * swizzle;
  if (first + swizzle <= banded) return {first + local % swizzle, local / swizzle};  // whole
  const unsigned along = fast_div(local, tail);  // the last, thinner band
  return {first + (local - along * tail.d), along};
}

// Pieces placed by SM (GemmConfig::kSmPlaced, sm_placement.cuh): the workspace's sm_slots words
// are a 64-bit launch ticket (words 0-1), a claim count per slot (kSmSlots words; a placed grid
// has one CTA per slot) and the placement map (kSmIds words: for each %smid, the CTA a plain
// launch put there, or an out-of-range value where none was recorded).
inline constexpr int kSmSlots = 1024;
inline constexpr int kSmIds = 1024;
inline constexpr int kSmSlotsWords = 2 + kSmSlots + kSmIds;

// Run-time arguments of the GEMM kernel besides the two TMA descriptors. C is row-major M×N.
struct GemmArgs {
  void* c;
  int m, n, k;
  long long ldc;  // elements between consecutive rows of C
  // Stream-K: one partial tile per CTA (fp32) and one ready flag per CTA and consumer, then (from
  // flags + flag_stride) one aligned split-K reader count per CTA and consumer; all zero between
  // launches. Split-K (split_pass): the pieces' partials; summed by the last piece (split_last),
  // `flags` is the workspace's per-warp counters instead.
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
  // Pieces placed by SM only (kSmPlaced): the stream's workspace words above; null otherwise.
  unsigned* sm_slots;
};

}  // namespace autogemm::sm90
