// A decode kernel tried in the tenth session (scripts/runs/gemv_probe.cu; notes/NOTES.md item 73),
// not part of the library: it streamed no faster than the TMA kernel's swap-AB specs.
//
// C (M×N) = A (M×K) · Bᵀ for a few tokens (M ≤ 8·kTiles ≤ 64) against a
// weight B (N×K, K contiguous: the tn layout, an nn.Linear weight).
//
// Such a GEMM only streams the weight; its speed is the read rate. Plain 16-byte loads into
// registers stream 12-13% faster than TMA copies into shared memory (bench/results/h200/
// h200_read_bw.md), so this kernel keeps the weight out of shared memory altogether: each warp
// loads 16 weight rows straight into mma.sync's A fragments and multiplies them by the tokens
// (the B fragments, 16-byte loads of A through L1), m16n8k16 with fp32 accumulators.
//
// The fragment trick: thread (g = lane/4, c = lane%4) loads weight rows g and g+8 at k = 8c..8c+7
// (one 16-byte load each) and the tokens 8j+g at the same k. Within each 32-wide k chunk, the
// two k16 MMAs see k permuted (logical 2c, 2c+1, 2c+8, 2c+9 of step s are physical
// 8c + 4s + 0..3), the same permutation on both operands, so the sum over k is unchanged and
// every load is one contiguous 16 bytes.
//
// Work: a CTA takes kRows weight rows (16 per warp) and one of kSlices ranges of K; the kSlices
// CTAs of a row block form a cluster and add their partials through distributed shared memory,
// each summing a 1/kSlices share of the rows in slice order (deterministic), then storing C.
#pragma once

#include "../../include/autogemm/sm90/ptx.cuh"
#include "../../include/autogemm/sm90/types.cuh"
#include "probe_util.cuh"

namespace autogemm::sm90 {

struct GemvArgs {
  const u16* w;  // B: N×K, row stride k
  const u16* x;  // A: M×K, row stride k
  u16* c;        // C: M×N, row stride ldc
  int m, n, k;
  long long ldc;
};

template <ElemType kElem_, int kRows_, int kTiles_, int kSlices_, int kUnroll_,
          bool kPrefetch_ = true, int kL2Bytes_ = 0, int kRowsPerWarp_ = 16>
struct GemvConfig {
  // 16 weight rows per warp (both halves of the m16 A fragment), or 8 (the upper half zero: half
  // the MMA work wasted, but each row read in runs twice as long for the same registers).
  static constexpr int kRowsPerWarp = kRowsPerWarp_;
  // L2 prefetch size of the weight loads (0: none, 128 or 256 bytes): a warp's load touches 64
  // bytes of each of 8 rows, so the rest of the row's segment is fetched on the first touch.
  static constexpr int kL2Bytes = kL2Bytes_;
  static constexpr ElemType kElem = kElem_;
  static constexpr int kRows = kRows_;      // weight rows per CTA (16 per warp)
  static constexpr int kTiles = kTiles_;    // n8 token tiles: M ≤ 8·kTiles
  static constexpr int kSlices = kSlices_;  // CTAs (a cluster) splitting one row block's K
  static constexpr int kUnroll = kUnroll_;  // 32-wide k chunks per load group
  // Load the next group before multiplying this one (twice the registers, a group always in
  // flight) or not (each warp waits for its group; the other warps' loads fill the gap).
  static constexpr bool kPrefetch = kPrefetch_;
  static constexpr int kWarps = kRows / kRowsPerWarp;
  static constexpr int kThreads = 32 * kWarps;
  static constexpr int kTokens = 8 * kTiles;
  static constexpr int kPartStride = kTokens + 1;  // floats per row of the partial (odd: banks)
  static_assert(kRowsPerWarp == 16 || kRowsPerWarp == 8, "8 or 16 rows per warp");
  static_assert(kRows % kRowsPerWarp == 0 && kWarps >= 1 && kWarps <= 32, "whole warps");
  static_assert(kTiles >= 1 && kTiles <= 8, "up to 64 tokens");
  static_assert(kSlices == 1 || kSlices == 2 || kSlices == 4 || kSlices == 8, "1-8 slices");
  static_assert(kUnroll >= 1 && kUnroll <= 16, "1-16 chunks per group");
};

// Re-read by every warp of the CTA: through L1.
__device__ __forceinline__ uint4 ld_cached_v4(const void* p) {
  uint4 v;
  asm("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
      : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
      : "l"(p));
  return v;
}

template <ElemType kElem>
__device__ __forceinline__ void mma_m16n8k16(float (&d)[4], u32 a0, u32 a1, u32 a2, u32 a3, u32 b0,
                                             u32 b1) {
  if constexpr (kElem == ElemType::kF16)
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
        "{%8, %9}, {%0, %1, %2, %3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
  else
    asm volatile(
        "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, %6, %7}, "
        "{%8, %9}, {%0, %1, %2, %3};"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
        : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1));
}

template <ElemType kElem>
__device__ __forceinline__ u16 to_out(float v) {
  if constexpr (kElem == ElemType::kF16)
    return u16(pack_f16x2(v, 0.f) & 0xffffu);
  else
    return u16(pack_bf16x2(v, 0.f) & 0xffffu);
}

template <class Cfg>
__device__ __forceinline__ void gemv_kernel(const GemvArgs& args) {
  __shared__ float part[Cfg::kRows * Cfg::kPartStride];
  const int lane = int(threadIdx.x) % 32, warp = int(threadIdx.x) / 32;
  const int g = lane / 4, c = lane % 4;
  const int slice = int(blockIdx.x) % Cfg::kSlices;  // = the cluster rank (clusters along x)
  const int row_block = int(blockIdx.x) / Cfg::kSlices;
  const int n = args.n, k = args.k, m = args.m;

  // Rows and tokens past the edge read a valid row (the last) and are never stored.
  const int row = row_block * Cfg::kRows + warp * Cfg::kRowsPerWarp + g;
  const u16* w0 = args.w + (long long)min(row, n - 1) * k;
  const u16* w1 = args.w + (long long)min(row + 8, n - 1) * k;
  const u16* xr[Cfg::kTiles];
#pragma unroll
  for (int j = 0; j < Cfg::kTiles; ++j) xr[j] = args.x + (long long)min(8 * j + g, m - 1) * k;

  // This slice's 32-wide k chunks (the last may pass K: those 8-element pieces load zeros).
  const int chunks = (k + 31) / 32;
  const int c_begin = slice * chunks / Cfg::kSlices, c_end = (slice + 1) * chunks / Cfg::kSlices;

  float acc[Cfg::kTiles][4];
#pragma unroll
  for (int j = 0; j < Cfg::kTiles; ++j) acc[j][0] = acc[j][1] = acc[j][2] = acc[j][3] = 0.f;

  griddep_launch_dependents();
  griddep_wait();  // A and B may come from the previous kernel

  constexpr int U = Cfg::kUnroll;
  uint4 wa[U], wb[U];  // rows g and g + 8 of the group being multiplied
  auto load_group = [&](int kc0, uint4(&a)[U], uint4(&b)[U]) {
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int kk = (kc0 + u) * 32 + 8 * c;
      const bool in = kc0 + u < c_end && kk < k;
      a[u] = in ? ld_stream_v4<Cfg::kL2Bytes>(w0 + kk) : make_uint4(0, 0, 0, 0);
      b[u] = in && Cfg::kRowsPerWarp == 16 ? ld_stream_v4<Cfg::kL2Bytes>(w1 + kk)
                                           : make_uint4(0, 0, 0, 0);
    }
  };
  if constexpr (Cfg::kPrefetch) load_group(c_begin, wa, wb);
  for (int kc = c_begin; kc < c_end; kc += U) {
    uint4 na[U], nb[U];  // the next group's loads fly while this one is multiplied
    if constexpr (Cfg::kPrefetch) {
      if (kc + U < c_end) load_group(kc + U, na, nb);
    } else {
      load_group(kc, wa, wb);
    }
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int kk = (kc + u) * 32 + 8 * c;
      const bool in = kc + u < c_end && kk < k;
#pragma unroll
      for (int j = 0; j < Cfg::kTiles; ++j) {
        const uint4 xv = in ? ld_cached_v4(xr[j] + kk) : make_uint4(0, 0, 0, 0);
        mma_m16n8k16<Cfg::kElem>(acc[j], wa[u].x, wb[u].x, wa[u].y, wb[u].y, xv.x, xv.y);
        mma_m16n8k16<Cfg::kElem>(acc[j], wa[u].z, wb[u].z, wa[u].w, wb[u].w, xv.z, xv.w);
      }
    }
    if constexpr (Cfg::kPrefetch)
#pragma unroll
      for (int u = 0; u < U; ++u) wa[u] = na[u], wb[u] = nb[u];
  }

  // acc[j]: rows g, g + 8 (0-1, 2-3) of this warp, tokens 8j + 2c, 8j + 2c + 1.
  const int r_local = warp * Cfg::kRowsPerWarp + g;
#pragma unroll
  for (int j = 0; j < Cfg::kTiles; ++j)
#pragma unroll
    for (int h = 0; h < (Cfg::kRowsPerWarp == 16 ? 4 : 2); ++h)
      part[(r_local + 8 * (h / 2)) * Cfg::kPartStride + 8 * j + 2 * c + h % 2] = acc[j][h];
  if constexpr (Cfg::kSlices > 1)
    cluster_sync();  // every slice's partial is in its shared memory
  else
    __syncthreads();

  // This CTA's share of the rows, all tokens; consecutive threads take consecutive rows, so
  // stores to a row of C (consecutive n) coalesce.
  constexpr int kShare = Cfg::kRows / Cfg::kSlices;
  u32 peer[Cfg::kSlices];
#pragma unroll
  for (int p = 0; p < Cfg::kSlices; ++p)
    peer[p] = Cfg::kSlices > 1 ? cluster_map_shared(smem_addr(part), p) : smem_addr(part);
  for (int e = int(threadIdx.x); e < kShare * Cfg::kTokens; e += Cfg::kThreads) {
    const int rl = slice * kShare + e % kShare, t = e / kShare;
    const u32 offset = u32((rl * Cfg::kPartStride + t) * 4);
    float v[Cfg::kSlices];
#pragma unroll
    for (int p = 0; p < Cfg::kSlices; ++p)
      v[p] = Cfg::kSlices > 1 ? ld_shared_cluster_f32(peer[p] + offset) : part[offset / 4];
    float sum = v[0];
#pragma unroll
    for (int p = 1; p < Cfg::kSlices; ++p) sum += v[p];
    const int r = row_block * Cfg::kRows + rl;
    if (t < m && r < n) args.c[t * args.ldc + r] = to_out<Cfg::kElem>(sum);
  }
  // No CTA may leave while a peer still reads its partial.
  if constexpr (Cfg::kSlices > 1) cluster_sync();
}

}  // namespace autogemm::sm90
