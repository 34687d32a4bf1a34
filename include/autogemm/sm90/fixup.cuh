// Stream-K hand-over of partial tiles between CTAs (see scheduler.cuh).
//
// A partial is stored as fp32 in the fp32 accumulators' register order (fp16 accumulators are
// widened), thread-minor, so every access is coalesced and the layout needs no knowledge of the
// tile's geometry. Each consumer warpgroup hands over its own part (its rows, or its columns
// under split N) with its own flag: set
// (release) once its writes are visible, reset by the finishing CTA after reading, so flags are
// zero again for the next launch.
#pragma once

#include "autogemm/sm90/epilogue.cuh"
#include "autogemm/sm90/ptx.cuh"

namespace autogemm::sm90 {

__device__ __forceinline__ void flag_set_release(int* flag) {
  asm volatile("st.release.gpu.global.s32 [%0], 1;" ::"l"(flag) : "memory");
}
__device__ __forceinline__ int flag_load_acquire(const int* flag) {
  int v;
  asm volatile("ld.acquire.gpu.global.s32 %0, [%1];" : "=r"(v) : "l"(flag) : "memory");
  return v;
}

// The first row and column of C that consumer warpgroup `consumer` computes in tile (tm, tn):
// its share of the rows (all of them under ping-pong and split N) and, under split N, its half
// of the columns. The epilogue, the split-K hand-overs and the reduction pass all start there.
template <class Cfg>
__device__ __forceinline__ int2 warpgroup_origin(int tm, int tn, int consumer) {
  return make_int2(tm * Cfg::kBM + (Cfg::kPingPong || Cfg::kSplitN ? 0 : consumer * Cfg::kWgRows),
                   tn * Cfg::kBN + (Cfg::kSplitN ? consumer * Cfg::kWgCols : 0));
}

// Accumulator pair q (registers 2q and 2q + 1, two adjacent columns of one row) of this
// consumer thread, summed over a tile's pieces, to C; row0, col0: the warpgroup's first row and
// column (its own half of the columns under split N). Scaled, rounded and clipped like the
// direct epilogue.
template <class Cfg>
__device__ __forceinline__ void store_acc_pair(const GemmArgs& args, int q, float v0, float v1,
                                               int row0, int col0) {
  const int t = threadIdx.x % 128, w = t / 32, l = t % 32;
  // Register 2q of m64 block mi = 2q / (kWgCols/2): the wgmma accumulator layout (epilogue.cuh).
  constexpr int kRegs = Cfg::kWgCols / 2;
  const int r = (2 * q) % kRegs, mi = (2 * q) / kRegs;
  const int row = row0 + mi * 64 + w * 16 + l / 4 + 8 * ((r % 4) / 2);
  const int col = col0 + (r / 4) * 8 + (l % 4) * 2;
  if constexpr (Cfg::kScaled) scale_pair<Cfg::kElem, Cfg::kSwapAB>(v0, v1, args, row, col);
  const u32 pair = pack_out<Cfg::kElem>(v0, v1);
  u16* c = static_cast<u16*>(args.c);
  if constexpr (Cfg::kSwapAB) {  // the kernel's (row, col) is C's (col, row)
    if (row < args.m) {
      if (col < args.n) c[(long long)col * args.ldc + row] = u16(pair & 0xffffu);
      if (col + 1 < args.n) c[(long long)(col + 1) * args.ldc + row] = u16(pair >> 16);
    }
  } else if (row < args.m && col < args.n) {
    *reinterpret_cast<u32*>(c + (long long)row * args.ldc + col) = pair;
  }
}

// Accumulator j (in the fp32 register order) of m64 block mi as fp32. fp16 accumulators hold
// the pair of fp32 registers 2i and 2i + 1 in register i's low and high halves.
template <int kMmaM, int kHalf>
__device__ __forceinline__ float acc_f32(const float (&acc)[kMmaM][kHalf], int mi, int j) {
  return acc[mi][j];
}
template <int kMmaM, int kQuarter>
__device__ __forceinline__ float acc_f32(const u32 (&acc)[kMmaM][kQuarter], int mi, int j) {
  const u32 r = acc[mi][j / 2];
  return out_to_f32<ElemType::kF16>(j % 2 ? r >> 16 : r & 0xffffu);
}

template <class Cfg>
struct Fixup {
  // fp32 values per thread: a consumer's rows by its columns (all of bn, or half under split N).
  static constexpr int kRegs = Cfg::kWgCols / 2;  // per m64 block
  static constexpr int kAccPerThread = Cfg::kMmaM * kRegs;

  __device__ static float* slot(const GemmArgs& args, int cta, int consumer) {
    return args.workspace + (long long)(cta * Cfg::kConsumers + consumer) * kAccPerThread * 128;
  }
  __device__ static int* flag(const GemmArgs& args, int cta, int consumer) {
    return args.flags + cta * Cfg::kConsumers + consumer;
  }

  // This consumer warpgroup's partial into CTA `cta`'s slot (no flag: see store_partial), as
  // fp32 in the fp32 register order whichever the accumulators (acc_f32), so every reader is
  // the same.
  template <class Acc>
  __device__ static void write_partial(const Acc& acc, const GemmArgs& args, int cta,
                                       int consumer) {
    float* dst = slot(args, cta, consumer) + threadIdx.x % 128;
#pragma unroll
    for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
      for (int j = 0; j < kRegs; ++j) {
        __stcg(dst, acc_f32(acc, mi, j));
        dst += 128;
        // Opaque to the compiler: without it ptxas computes all kAccPerThread addresses up front
        // and, with 128 accumulators (BN 256), spills them (828 bytes a thread, an epilogue of
        // 14.7k cycles on 512x512x16384; notes 177).
        asm volatile("" : "+l"(dst));
      }
  }

  // The partial, then its flag once every thread's writes are done.
  template <class Acc>
  __device__ static void store_partial(const Acc& acc, const GemmArgs& args, int cta, int consumer,
                                       int barrier_id) {
    const int t = threadIdx.x % 128;
    write_partial(acc, args, cta, consumer);
    named_barrier_sync<128>(barrier_id);
    if (t == 0) {
      __threadfence();
      flag_set_release(flag(args, cta, consumer));
    }
  }

  // fp16 accumulators: the pieces are added in fp32 and the sum is rounded to fp16 once.
  __device__ static void add_partials(u32 (&acc)[Cfg::kMmaM][Cfg::kWgCols / 4],
                                      const GemmArgs& args, int first, int last, int rank,
                                      int consumer, int barrier_id) {
    float wide[Cfg::kMmaM][kRegs];
#pragma unroll
    for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
      for (int j = 0; j < kRegs; ++j) wide[mi][j] = acc_f32(acc, mi, j);
    add_partials(wide, args, first, last, rank, consumer, barrier_id);
#pragma unroll
    for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
      for (int i = 0; i < Cfg::kWgCols / 4; ++i)
        acc[mi][i] = pack_out<ElemType::kF16>(wide[mi][2 * i], wide[mi][2 * i + 1]);
  }

  // Adds the partials of the rank-`rank` CTAs of clusters last, last - 1, ..., first (that
  // order, always: the sum is deterministic). All flags are awaited first, by one thread each, and
  // kUnroll partials are loaded before any is added, so the L2 latency is paid once per kUnroll
  // partials instead of once per partial (a tile split 12 ways spent as long here as in its
  // mainloop otherwise).
  __device__ static void add_partials(float (&acc)[Cfg::kMmaM][kRegs], const GemmArgs& args,
                                      int first, int last, int rank, int consumer, int barrier_id) {
    const int t = threadIdx.x % 128;
    // Cluster c's CTA of this rank (clusters are consecutive blocks of the 1-D grid).
    auto cta = [rank](int c) { return c * Cfg::kClusterSize + rank; };
    for (int from = first + t; from <= last; from += 128)
      while (flag_load_acquire(flag(args, cta(from), consumer)) == 0) {
      }
    named_barrier_sync<128>(barrier_id);
    constexpr int kUnroll = kAccPerThread >= 64 ? 1 : kAccPerThread >= 32 ? 2 : 4;
    int from = last;
    for (; from - (kUnroll - 1) >= first; from -= kUnroll) {
      float v[kUnroll][kAccPerThread];
#pragma unroll
      for (int u = 0; u < kUnroll; ++u) {
        const float* src = slot(args, cta(from - u), consumer);
#pragma unroll
        for (int i = 0; i < kAccPerThread; ++i) v[u][i] = __ldcg(src + i * 128 + t);
      }
#pragma unroll
      for (int u = 0; u < kUnroll; ++u)
#pragma unroll
        for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
          for (int j = 0; j < kRegs; ++j) acc[mi][j] += v[u][mi * kRegs + j];
    }
    for (; from >= first; --from) {
      const float* src = slot(args, cta(from), consumer);
#pragma unroll
      for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
        for (int j = 0; j < kRegs; ++j) acc[mi][j] += __ldcg(src + (mi * kRegs + j) * 128 + t);
    }
    // Zero again for the next launch (the data are not rewritten before then: stream order).
    for (int f = first + t; f <= last; f += 128) *flag(args, cta(f), consumer) = 0;
  }

  // Aligned split-K (scheduler.cuh): the `splits` clusters first, first + 1, ... each computed
  // one piece of the same tile and stored it (store_partial). Piece `piece` sums a 1/splits
  // slice of every thread's accumulators over all pieces, in piece order (deterministic), and
  // writes that slice of C: the tile's reduction is spread over its CTAs instead of one CTA
  // reading every partial. The last piece to finish reading resets the flags and the counter.
  __device__ static void reduce_slice(const GemmArgs& args, int first, int splits, int piece,
                                      int rank, int consumer, int barrier_id, int row0, int col0) {
    const int t = threadIdx.x % 128;
    auto cta = [rank](int c) { return c * Cfg::kClusterSize + rank; };
    for (int p = t; p < splits; p += 128)
      while (flag_load_acquire(flag(args, cta(first + p), consumer)) == 0) {
      }
    named_barrier_sync<128>(barrier_id);
    // Pairs of accumulators (two adjacent columns of one row), split evenly over the pieces.
    constexpr int kPairs = kAccPerThread / 2;
    const int q_begin = piece * kPairs / splits, q_end = (piece + 1) * kPairs / splits;
    for (int q = q_begin; q < q_end; ++q) {
      float v0 = 0.f, v1 = 0.f;
      constexpr int kBatch = 4;  // loads in flight per thread before they are added
      for (int p0 = 0; p0 < splits; p0 += kBatch) {
        float a[kBatch], b[kBatch];
#pragma unroll
        for (int u = 0; u < kBatch; ++u)
          if (p0 + u < splits) {
            const float* src = slot(args, cta(first + p0 + u), consumer);
            a[u] = __ldcg(src + (2 * q) * 128 + t);
            b[u] = __ldcg(src + (2 * q + 1) * 128 + t);
          }
#pragma unroll
        for (int u = 0; u < kBatch; ++u)
          if (p0 + u < splits) v0 += a[u], v1 += b[u];
      }
      store_acc_pair<Cfg>(args, q, v0, v1, row0, col0);
    }
    // Count this piece's reads done; the tile's last reader clears the flags for the next launch.
    named_barrier_sync<128>(barrier_id);
    if (t == 0) {
      int* count = args.flags + args.flag_stride + cta(first) * Cfg::kConsumers + consumer;
      __threadfence();
      if (atomicAdd(count, 1) == splits - 1) {
        for (int p = 0; p < splits; ++p) *flag(args, cta(first + p), consumer) = 0;
        *count = 0;
      }
    }
  }
};

}  // namespace autogemm::sm90
