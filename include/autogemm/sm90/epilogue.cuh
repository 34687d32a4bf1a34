// Accumulators -> C. Each consumer warpgroup stores its rows straight from registers, converting
// fp32 to the output type; rows past M and columns past N are skipped (N is a multiple of 8, so a
// thread's column pair is either wholly inside or wholly outside).
#pragma once

#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/types.cuh"

namespace autogemm::sm90 {

template <ElemType kElem>
__device__ __forceinline__ u32 pack_out(float a, float b) {
  if constexpr (kElem == ElemType::kF16) return pack_f16x2(a, b);
  else return pack_bf16x2(a, b);
}

// acc holds a 64×kN block of the wgmma accumulator layout: for each 8-column group j, registers
// 4j..4j+1 are row (warp*16 + lane/4), registers 4j+2..4j+3 the row 8 below, columns
// 8j + 2*(lane%4) + {0,1}.
template <ElemType kElem, int kN>
__device__ __forceinline__ void store_accumulators(const float (&acc)[kN / 2], const GemmArgs& args,
                                                  int row0, int col0) {
  const int t = threadIdx.x % 128;
  const int row = row0 + (t / 32) * 16 + (t % 32) / 4;
  const int col = col0 + 2 * (t % 4);
  u16* c = static_cast<u16*>(args.c);
#pragma unroll
  for (int j = 0; j < kN / 8; ++j) {
    const int cj = col + 8 * j;
    if (cj >= args.n) continue;
    if (row < args.m)
      *reinterpret_cast<u32*>(c + (long long)row * args.ldc + cj) =
          pack_out<kElem>(acc[4 * j], acc[4 * j + 1]);
    if (row + 8 < args.m)
      *reinterpret_cast<u32*>(c + (long long)(row + 8) * args.ldc + cj) =
          pack_out<kElem>(acc[4 * j + 2], acc[4 * j + 3]);
  }
}

}  // namespace autogemm::sm90
