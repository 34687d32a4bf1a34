// Accumulators -> C, two ways (chosen by GemmConfig::kTmaEpilogue):
//  - direct: each thread stores its accumulator pairs straight to global memory, skipping rows
//    past M and columns past N (N is a multiple of 8, so a column pair is wholly in or out);
//  - TMA: each consumer warpgroup writes 64×64 blocks into a double-buffered, 128-byte-swizzled
//    staging area and one thread hands each block to the TMA engine, which clips the edges. The
//    warpgroup then goes on to its next tile while the copy engine drains the stores.
#pragma once

#include "autogemm/sm90/ptx.cuh"
#include "autogemm/sm90/types.cuh"

namespace autogemm::sm90 {

template <ElemType kElem>
__device__ __forceinline__ u32 pack_out(float a, float b) {
  if constexpr (kElem == ElemType::kF16)
    return pack_f16x2(a, b);
  else
    return pack_bf16x2(a, b);
}

// acc holds a 64×kN block in the wgmma accumulator layout: for each 8-column group j, registers
// 4j..4j+1 are row (warp*16 + lane/4), registers 4j+2..4j+3 the row 8 below, columns
// 8j + 2*(lane%4) + {0,1}.
template <ElemType kElem, int kN>
__device__ __forceinline__ void store_direct(const float (&acc)[kN / 2], const GemmArgs& args,
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

// Bytes of one staging buffer: a 64×64 block of 16-bit values, 128 bytes per row.
constexpr int kEpilogueBlockBytes = 64 * 128;

// Stores a 64×kN accumulator block through `staging` (two kEpilogueBlockBytes buffers owned by
// this warpgroup). `blocks_issued` counts this warpgroup's blocks so far; it picks the buffer and
// persists across tiles so that a buffer is reused only after its previous store has read it.
template <ElemType kElem, int kN>
__device__ __forceinline__ void store_tma(const float (&acc)[kN / 2], const TmaDescriptor* tma_c,
                                          u8* staging, int barrier_id, int row0, int col0,
                                          int& blocks_issued) {
  const int t = threadIdx.x % 128;
  const int r = (t / 32) * 16 + (t % 32) / 4;  // this thread's first row in the block
  const bool leader = t == 0;
#pragma unroll
  for (int block = 0; block < kN / 64; ++block) {
    u8* buf = staging + (blocks_issued & 1) * kEpilogueBlockBytes;
    // The store issued two blocks ago read this buffer; wait for it before overwriting.
    if (leader) tma_store_wait_read<1>();
    named_barrier_sync<128>(barrier_id);
#pragma unroll
    for (int jj = 0; jj < 8; ++jj) {
      const int j = block * 8 + jj;
      // 128-byte swizzle: the 16-byte chunk index is XORed with the row index mod 8, which also
      // spreads a warp's eight rows over all 32 banks.
      const int offset = ((jj ^ (r % 8)) * 16) + 4 * (t % 4);
      *reinterpret_cast<u32*>(buf + r * 128 + offset) = pack_out<kElem>(acc[4 * j], acc[4 * j + 1]);
      *reinterpret_cast<u32*>(buf + (r + 8) * 128 + offset) =
          pack_out<kElem>(acc[4 * j + 2], acc[4 * j + 3]);
    }
    fence_proxy_async_smem();
    named_barrier_sync<128>(barrier_id);
    if (leader) {
      tma_store_2d(tma_c, buf, col0 + block * 64, row0);
      tma_store_commit();
    }
    ++blocks_issued;
  }
}

}  // namespace autogemm::sm90
