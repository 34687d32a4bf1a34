// Stream-K hand-over of partial tiles between CTAs (see scheduler.cuh).
//
// A partial is stored in the accumulator's own register order, thread-minor, so every access is
// coalesced and the layout needs no knowledge of the tile's geometry. Each consumer warpgroup
// hands over its own rows with its own flag: set (release) once its writes are visible, reset by
// the finishing CTA after reading, so flags are zero again for the next launch.
#pragma once

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

template <class Cfg>
struct Fixup {
  static constexpr int kAccPerThread = Cfg::kMmaM * Cfg::kBN / 2;

  __device__ static float* slot(const GemmArgs& args, int cta, int consumer) {
    return args.workspace + (long long)(cta * Cfg::kConsumers + consumer) * kAccPerThread * 128;
  }
  __device__ static int* flag(const GemmArgs& args, int cta, int consumer) {
    return args.flags + cta * Cfg::kConsumers + consumer;
  }

  __device__ static void store_partial(const float (&acc)[Cfg::kMmaM][Cfg::kBN / 2],
                                       const GemmArgs& args, int cta, int consumer,
                                       int barrier_id) {
    const int t = threadIdx.x % 128;
    float* dst = slot(args, cta, consumer);
#pragma unroll
    for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
      for (int j = 0; j < Cfg::kBN / 2; ++j)
        __stcg(dst + (mi * (Cfg::kBN / 2) + j) * 128 + t, acc[mi][j]);
    named_barrier_sync<128>(barrier_id);
    if (t == 0) {
      __threadfence();
      flag_set_release(flag(args, cta, consumer));
    }
  }

  // Adds the partials of the rank-`rank` CTAs of clusters last, last - 1, ..., first (that
  // order, always: the sum is deterministic). All flags are awaited first, by one thread each, and
  // kUnroll partials are loaded before any is added, so the L2 latency is paid once per kUnroll
  // partials instead of once per partial (a tile split 12 ways spent as long here as in its
  // mainloop otherwise).
  __device__ static void add_partials(float (&acc)[Cfg::kMmaM][Cfg::kBN / 2], const GemmArgs& args,
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
          for (int j = 0; j < Cfg::kBN / 2; ++j) acc[mi][j] += v[u][mi * (Cfg::kBN / 2) + j];
    }
    for (; from >= first; --from) {
      const float* src = slot(args, cta(from), consumer);
#pragma unroll
      for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
        for (int j = 0; j < Cfg::kBN / 2; ++j)
          acc[mi][j] += __ldcg(src + (mi * (Cfg::kBN / 2) + j) * 128 + t);
    }
    // Zero again for the next launch (the data are not rewritten before then: stream order).
    for (int f = first + t; f <= last; f += 128) *flag(args, cta(f), consumer) = 0;
  }
};

}  // namespace autogemm::sm90
