// Accumulators (fp32, or fp16 pairs already in the output type) -> C, four ways (chosen by
// GemmConfig::kEpilogue; swap-AB kernels store directly or by transposed row blocks):
//  - direct: each thread stores its accumulator pairs straight to global memory, skipping rows
//    past M and columns past N (N is a multiple of 8, so a column pair is wholly in or out);
//  - TMA, double-buffered: each consumer warpgroup writes 64×64 blocks into two 128-byte-swizzled
//    staging buffers in turn and one thread hands each block to the TMA engine, which clips the
//    edges (with the deferred store, one block under each of the next tile's first k-blocks);
//  - TMA, whole tile: the warpgroup stages all of its rows at once, with one barrier, and issues
//    every block's store together; it waits only for the previous tile's stores to have read
//    the staging. Costs a tile of shared memory, frees the warpgroup soonest;
//  - TMA, row blocks: one 64-row block of staging per warpgroup, stored in blocks of 64, 32 or
//    16 columns (so any bn that is a multiple of 16), one barrier pair per 64 rows.
// Every TMA way lets the warpgroup go on to its next tile while the copy engine drains C.
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

// Column pair i of a thread's accumulator fragment as two 16-bit values: pair 2j is row r's
// columns 8j + 2(t%4) + {0,1}, pair 2j + 1 the same columns of row r + 8. fp32 fragments hold
// the pair in two registers and are rounded here; fp16 fragments already hold it in one.
template <ElemType kElem, int kN>
__device__ __forceinline__ u32 out_pair(const float (&acc)[kN / 2], int i) {
  return pack_out<kElem>(acc[2 * i], acc[2 * i + 1]);
}
template <ElemType kElem, int kN>
__device__ __forceinline__ u32 out_pair(const u32 (&acc)[kN / 4], int i) {
  return acc[i];
}

// One 16-bit output value as fp32.
template <ElemType kElem>
__device__ __forceinline__ float out_to_f32(u32 bits16) {
  if constexpr (kElem == ElemType::kF16) {
    float f;
    asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(static_cast<unsigned short>(bits16)));
    return f;
  } else {
    return __uint_as_float(bits16 << 16);
  }
}

// The scaled epilogue on one column pair: (v0, v1) <- alpha·(v0, v1) + beta·C at the kernel's
// (row, col), (row, col + 1); swap-AB kernels (kTransposed) find their (row, col) at C's
// (col, row). Each thread reads exactly the elements whose values it holds when C is written
// (swap-AB's paired stores write some of them from the partner lane, after the shuffle that
// carries them), so C is read before it is overwritten. beta == 0 reads nothing: C may hold
// anything, NaN included (as cuBLAS treats it).
template <ElemType kElem, bool kTransposed>
__device__ __forceinline__ void scale_pair(float& v0, float& v1, const GemmArgs& args, int row,
                                           int col) {
  v0 *= args.alpha;
  v1 *= args.alpha;
  if (args.beta == 0.f || row >= args.m) return;
  const u16* c = static_cast<const u16*>(args.c);
  if constexpr (kTransposed) {
    if (col < args.n) v0 += args.beta * out_to_f32<kElem>(c[(long long)col * args.ldc + row]);
    if (col + 1 < args.n)
      v1 += args.beta * out_to_f32<kElem>(c[(long long)(col + 1) * args.ldc + row]);
  } else if (col < args.n) {  // N is a multiple of 8: the pair is wholly in or out
    const u32 pair = *reinterpret_cast<const u32*>(c + (long long)row * args.ldc + col);
    v0 += args.beta * out_to_f32<kElem>(pair & 0xffffu);
    v1 += args.beta * out_to_f32<kElem>(pair >> 16);
  }
}

// The scaled epilogue on a 64×kN accumulator block (layout below) whose first element is the
// kernel's (row0, col0): fp32 fragments in place; fp16 ones unpacked, scaled in fp32, repacked.
template <ElemType kElem, int kN, bool kTransposed>
__device__ __forceinline__ void scale_block(float (&acc)[kN / 2], const GemmArgs& args, int row0,
                                            int col0) {
  const int t = threadIdx.x % 128;
  const int row = row0 + (t / 32) * 16 + (t % 32) / 4;
  const int col = col0 + 2 * (t % 4);
#pragma unroll
  for (int j = 0; j < kN / 8; ++j) {
    scale_pair<kElem, kTransposed>(acc[4 * j], acc[4 * j + 1], args, row, col + 8 * j);
    scale_pair<kElem, kTransposed>(acc[4 * j + 2], acc[4 * j + 3], args, row + 8, col + 8 * j);
  }
}
template <ElemType kElem, int kN, bool kTransposed>
__device__ __forceinline__ void scale_block(u32 (&acc)[kN / 4], const GemmArgs& args, int row0,
                                            int col0) {
  const int t = threadIdx.x % 128;
  const int row = row0 + (t / 32) * 16 + (t % 32) / 4;
  const int col = col0 + 2 * (t % 4);
#pragma unroll
  for (int i = 0; i < kN / 4; ++i) {  // pair 2j: row, columns 8j + ...; pair 2j + 1: row + 8
    float v0 = out_to_f32<kElem>(acc[i] & 0xffffu), v1 = out_to_f32<kElem>(acc[i] >> 16);
    scale_pair<kElem, kTransposed>(v0, v1, args, row + 8 * (i % 2), col + 8 * (i / 2));
    acc[i] = pack_out<kElem>(v0, v1);
  }
}

// acc holds a 64×kN block in the wgmma accumulator layout: for each 8-column group j, registers
// 4j..4j+1 are row (warp*16 + lane/4), registers 4j+2..4j+3 the row 8 below, columns
// 8j + 2*(lane%4) + {0,1}.
template <ElemType kElem, int kN, class Frag>
__device__ __forceinline__ void store_direct(const Frag& acc, const GemmArgs& args, int row0,
                                             int col0) {
  const int t = threadIdx.x % 128;
  const int row = row0 + (t / 32) * 16 + (t % 32) / 4;
  const int col = col0 + 2 * (t % 4);
  u16* c = static_cast<u16*>(args.c);
#pragma unroll
  for (int j = 0; j < kN / 8; ++j) {
    const int cj = col + 8 * j;
    if (cj >= args.n) continue;
    if (row < args.m)
      *reinterpret_cast<u32*>(c + (long long)row * args.ldc + cj) = out_pair<kElem, kN>(acc, 2 * j);
    if (row + 8 < args.m)
      *reinterpret_cast<u32*>(c + (long long)(row + 8) * args.ldc + cj) =
          out_pair<kElem, kN>(acc, 2 * j + 1);
  }
}

// Swap-AB: the kernel computed Cᵀ, so its (row, col) is C's (col, row). Lanes l and l ^ 4 hold
// kernel rows r and r + 1 (r even) of the same columns; one shuffle gives each a pair of
// adjacent C columns of one C row, stored as one 32-bit word (a warp stores 16 contiguous bytes
// in each of 8 C rows). Where C's rows are not 4-byte aligned (odd ldc), single 16-bit stores.
template <ElemType kElem, int kN, class Frag>
__device__ __forceinline__ void store_direct_transposed(const Frag& acc, const GemmArgs& args,
                                                        int row0, int col0) {
  const int t = threadIdx.x % 128;
  const int row = row0 + (t / 32) * 16 + (t % 32) / 4;
  const int col = col0 + 2 * (t % 4);
  u16* c = static_cast<u16*>(args.c);
  const bool words = args.ldc % 2 == 0 && reinterpret_cast<unsigned long long>(c) % 4 == 0;
  const bool even = (t / 4) % 2 == 0;        // this lane holds kernel row r, its partner r + 1
  auto put = [&](int r, int cc, u32 pair) {  // the pair's two values go to columns cc, cc + 1
    if (words) {
      // Kernel frame: even lanes keep column cc (rows r, r + 1), odd ones column cc + 1 (rows
      // r - 1, r); C's row is the kernel's column, C's columns the kernel's rows.
      const u32 other = __shfl_xor_sync(0xffffffffu, even ? pair >> 16 : pair & 0xffffu, 4);
      const u32 word = even ? (pair & 0xffffu) | (other << 16) : other | (pair & 0xffff0000u);
      const int crow = even ? cc : cc + 1, ccol = even ? r : r - 1;
      if (crow >= args.n || ccol >= args.m) return;
      u16* p = c + (long long)crow * args.ldc + ccol;
      if (ccol + 1 < args.m)
        *reinterpret_cast<u32*>(p) = word;
      else
        *p = u16(word & 0xffffu);
      return;
    }
    if (r >= args.m) return;
    if (cc < args.n) c[(long long)cc * args.ldc + r] = u16(pair & 0xffffu);
    if (cc + 1 < args.n) c[(long long)(cc + 1) * args.ldc + r] = u16(pair >> 16);
  };
#pragma unroll
  for (int j = 0; j < kN / 8; ++j) {
    const int cj = col + 8 * j;
    put(row, cj, out_pair<kElem, kN>(acc, 2 * j));
    put(row + 8, cj, out_pair<kElem, kN>(acc, 2 * j + 1));
  }
}

// Bytes of one staging buffer: a 64×64 block of 16-bit values, 128 bytes per row.
constexpr int kEpilogueBlockBytes = 64 * 128;

// Stores the 64×64 block `block` (columns 64·block..) of a 64×kN fragment (accumulators, or
// pairs already packed) through `staging`, two kEpilogueBlockBytes buffers owned by this
// warpgroup. `blocks_issued` counts this warpgroup's blocks so far; it picks the buffer and
// persists across tiles so that a buffer is reused only after its previous store has read it.
// `block` must be a compile-time constant after inlining (the fragment is indexed by it).
template <ElemType kElem, int kN, class Frag>
__device__ __forceinline__ void store_tma_double_block(const Frag& acc, int block,
                                                       const TmaDescriptor* tma_c, u8* staging,
                                                       int barrier_id, int row0, int col0,
                                                       int& blocks_issued) {
  const int t = threadIdx.x % 128;
  const int r = (t / 32) * 16 + (t % 32) / 4;  // this thread's first row in the block
  const bool leader = t == 0;
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
    *reinterpret_cast<u32*>(buf + r * 128 + offset) = out_pair<kElem, kN>(acc, 2 * j);
    *reinterpret_cast<u32*>(buf + (r + 8) * 128 + offset) = out_pair<kElem, kN>(acc, 2 * j + 1);
  }
  fence_proxy_async_smem();
  named_barrier_sync<128>(barrier_id);
  if (leader) {
    tma_store_2d(tma_c, buf, col0 + block * 64, row0);
    tma_store_commit();
  }
  ++blocks_issued;
}

// Stores a 64×kN accumulator block through `staging`, block after block (above).
template <ElemType kElem, int kN, class Frag>
__device__ __forceinline__ void store_tma_double(const Frag& acc, const TmaDescriptor* tma_c,
                                                 u8* staging, int barrier_id, int row0, int col0,
                                                 int& blocks_issued) {
#pragma unroll
  for (int block = 0; block < kN / 64; ++block)
    store_tma_double_block<kElem, kN>(acc, block, tma_c, staging, barrier_id, row0, col0,
                                      blocks_issued);
}

// Converts a 64×kN accumulator block to 16-bit pairs: packed[2j] is row r's columns 8j + 2(t%4)
// + {0,1}, packed[2j + 1] the same columns of row r + 8 (the accumulator layout above).
template <ElemType kElem, int kN, class Frag>
__device__ __forceinline__ void pack_block(const Frag& acc, u32 (&packed)[kN / 4]) {
#pragma unroll
  for (int i = 0; i < kN / 4; ++i) packed[i] = out_pair<kElem, kN>(acc, i);
}

// Writes one packed 64×kN block into `dst` (kN/64 consecutive swizzled 64×64 blocks).
template <int kN>
__device__ __forceinline__ void stage_block(const u32 (&packed)[kN / 4], u8* dst) {
  const int t = threadIdx.x % 128;
  const int r = (t / 32) * 16 + (t % 32) / 4;
  // Rows r and r + 8 share the swizzle phase r % 8: one base address serves both.
  const u32 base = smem_addr(dst) + r * 128 + 4 * (t % 4);
  const u32 phase = r % 8;
#pragma unroll
  for (int j = 0; j < kN / 8; ++j) {
    const u32 addr = base + (j / 8) * kEpilogueBlockBytes + (((j % 8) ^ phase) * 16);
    st_shared_u32(addr, packed[2 * j]);
    st_shared_u32(addr + 8 * 128, packed[2 * j + 1]);
  }
}

// Stores a warpgroup's kMmaM×64 rows × kN columns, already packed, through a whole-tile staging
// area: one barrier, all blocks' TMA stores issued together.
template <int kN, int kMmaM>
__device__ __forceinline__ void store_tma_tile_packed(const u32 (&packed)[kMmaM][kN / 4],
                                                      const TmaDescriptor* tma_c, u8* staging,
                                                      int barrier_id, int row0, int col0) {
  const bool leader = threadIdx.x % 128 == 0;
  if (leader) tma_store_wait_read<0>();  // the previous tile's stores have read the staging
  named_barrier_sync<128>(barrier_id);
#pragma unroll
  for (int mi = 0; mi < kMmaM; ++mi)
    stage_block<kN>(packed[mi], staging + mi * (kN / 64) * kEpilogueBlockBytes);
  fence_proxy_async_smem();
  named_barrier_sync<128>(barrier_id);
  if (leader) {
#pragma unroll
    for (int mi = 0; mi < kMmaM; ++mi)
#pragma unroll
      for (int block = 0; block < kN / 64; ++block)
        tma_store_2d(tma_c, staging + (mi * (kN / 64) + block) * kEpilogueBlockBytes,
                     col0 + block * 64, row0 + mi * 64);
    tma_store_commit();
  }
}

// The same from accumulators (fp32 or fp16 fragments).
template <ElemType kElem, int kN, int kMmaM, class Frag>
__device__ __forceinline__ void store_tma_tile(const Frag (&acc)[kMmaM], const TmaDescriptor* tma_c,
                                               u8* staging, int barrier_id, int row0, int col0) {
  u32 packed[kMmaM][kN / 4];
#pragma unroll
  for (int mi = 0; mi < kMmaM; ++mi) pack_block<kElem, kN>(acc[mi], packed[mi]);
  store_tma_tile_packed<kN, kMmaM>(packed, tma_c, staging, barrier_id, row0, col0);
}

// Width in columns of the blocks the row-block epilogue hands to the TMA engine: the widest of
// 64, 32, 16 that divides the tile (so bn = 176 works), with the swizzle of the same byte width.
// The host encodes C's tensor map with the same box (runtime/tensor_maps.cpp).
template <int kN>
inline constexpr int kStoreBlockCols = kN % 64 == 0   ? 64
                                       : kN % 32 == 0 ? 32
                                                      : 16;

// The row phase the TMA swizzle XORs into the 16-byte chunk index, for rows of kW 16-bit values
// (128-, 64- or 32-byte swizzle: address bits 4.. ^= bits 7..).
template <int kW>
__device__ __forceinline__ u32 swizzle_phase(int r) {
  return kW == 64 ? r % 8 : kW == 32 ? (r / 2) % 4 : (r / 4) % 2;
}

// Stores a 64×kN accumulator block through `staging` (64 rows × kN columns of this warpgroup,
// or 64/kParts rows of them in turn, kParts 2 or 4): waits until the previous stores have read the
// staging, writes it as kN/kW swizzled blocks kW columns wide, and issues one TMA store per block.
// Less shared memory than a whole tile, any kN that is a multiple of 16. In parts, a part is the
// rows of two warps or one, so the others only wait: the price of a staging that leaves a wide tile
// its last pipeline stage. A call stores part kPart, then calls itself for the next: the part is a
// constant in each, so the fragment stays in registers (a part loop that the compiler declined to
// unroll kept it on the stack, and ptxas serialized the wgmmas: C7514).
template <ElemType kElem, int kN, int kParts = 1, int kPart = 0, class Frag>
__device__ __forceinline__ void store_tma_rows(const Frag& acc, const TmaDescriptor* tma_c,
                                               u8* staging, int barrier_id, int row0, int col0) {
  static_assert(64 % (16 * kParts) == 0, "a part is the rows of whole warps");
  constexpr int kW = kStoreBlockCols<kN>;
  constexpr int kRows = 64 / kParts;  // rows per part
  constexpr int kRowBytes = kW * 2, kBlockBytes = kRows * kRowBytes;
  const int t = threadIdx.x % 128;
  const int r = (t / 32) * 16 + (t % 32) / 4;
  const bool leader = t == 0;
  if (leader) tma_store_wait_read<0>();
  named_barrier_sync<128>(barrier_id);
  if (r / kRows == kPart) {  // the same for a whole warp
    // Rows r and r + 8 share the swizzle phase, and a part's rows start on a whole period: one
    // base address serves both.
    const u32 base = smem_addr(staging) + (r % kRows) * kRowBytes + 4 * (t % 4);
    const u32 phase = swizzle_phase<kW>(r);
#pragma unroll
    for (int j = 0; j < kN / 8; ++j) {
      const u32 addr = base + (j / (kW / 8)) * kBlockBytes + ((u32(j % (kW / 8)) ^ phase) * 16);
      st_shared_u32(addr, out_pair<kElem, kN>(acc, 2 * j));
      st_shared_u32(addr + 8 * kRowBytes, out_pair<kElem, kN>(acc, 2 * j + 1));
    }
  }
  fence_proxy_async_smem();
  named_barrier_sync<128>(barrier_id);
  if (leader) {
#pragma unroll
    for (int block = 0; block < kN / kW; ++block)
      tma_store_2d(tma_c, staging + block * kBlockBytes, col0 + block * kW, row0 + kPart * kRows);
    tma_store_commit();
  }
  if constexpr (kPart + 1 < kParts)
    store_tma_rows<kElem, kN, kParts, kPart + 1>(acc, tma_c, staging, barrier_id, row0, col0);
}

// Swap-AB's row-block epilogue: the kernel computed Cᵀ, so its 64 rows × kN columns are C's kN
// rows × 64 columns, 128 contiguous bytes per C row. The block is staged that way (kN rows of
// 128 bytes, 128-byte swizzle; in kParts parts of kN/kParts C rows in turn) and handed to the
// TMA engine as one box per part at C's (row col0, column row0), which clips the edges. Lanes l
// and l ^ 4 hold kernel rows r and r + 1 (r even) of the same columns; one shuffle gives each a
// 32-bit word of two adjacent C columns of one C row (as store_direct_transposed), and a warp's
// 32 words land in 32 different banks. Every thread writes in every part. A call stores part
// kPart, then calls itself for the next (as store_tma_rows).
template <ElemType kElem, int kN, int kParts = 1, int kPart = 0, class Frag>
__device__ __forceinline__ void store_tma_rows_transposed(const Frag& acc,
                                                          const TmaDescriptor* tma_c, u8* staging,
                                                          int barrier_id, int row0, int col0) {
  static_assert(kN % (8 * kParts) == 0 && kN / kParts <= 256,
                "a part is whole 8-row swizzle periods, and a TMA box holds at most 256 C rows");
  constexpr int kPartRows = kN / kParts;  // C rows per part
  const int t = threadIdx.x % 128;
  const int r = (t / 32) * 16 + (t % 32) / 4;  // this thread's first kernel row in the block
  const int c = 2 * (t % 4);                   // its first kernel column in each 8-column group
  const bool even = (t / 4) % 2 == 0;          // holds kernel row r, its partner r + 1
  const bool leader = t == 0;
  if (leader) tma_store_wait_read<0>();
  named_barrier_sync<128>(barrier_id);
  const u32 base = smem_addr(staging);
  // The word of kernel rows (rr, rr + 1), rr even, at the part's kernel column cc: C row cc of
  // the part, C columns rr.. (cc % 8 is the C row's swizzle phase in the part as in the block).
  auto put = [&](int rr, int cc, u32 word) {
    const u32 chunk = u32(rr / 8) ^ u32(cc % 8);
    st_shared_u32(base + cc * 128 + chunk * 16 + (rr % 8) * 2, word);
  };
#pragma unroll
  for (int j = kPart * kPartRows / 8; j < (kPart + 1) * kPartRows / 8; ++j) {
#pragma unroll
    for (int h = 0; h < 2; ++h) {  // rows r and r + 8
      const u32 pair = out_pair<kElem, kN>(acc, 2 * j + h);
      const u32 other = __shfl_xor_sync(0xffffffffu, even ? pair >> 16 : pair & 0xffffu, 4);
      const int cc = 8 * j + c + (even ? 0 : 1), rr = r + 8 * h - (even ? 0 : 1);
      put(rr, cc - kPart * kPartRows,
          even ? (pair & 0xffffu) | (other << 16) : other | (pair & 0xffff0000u));
    }
  }
  fence_proxy_async_smem();
  named_barrier_sync<128>(barrier_id);
  if (leader) {
    tma_store_2d(tma_c, staging, row0, col0 + kPart * kPartRows);
    tma_store_commit();
  }
  if constexpr (kPart + 1 < kParts)
    store_tma_rows_transposed<kElem, kN, kParts, kPart + 1>(acc, tma_c, staging, barrier_id, row0,
                                                            col0);
}

}  // namespace autogemm::sm90
