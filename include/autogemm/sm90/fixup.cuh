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

  __device__ static void add_partial(float (&acc)[Cfg::kMmaM][Cfg::kBN / 2], const GemmArgs& args,
                                     int from_cta, int consumer, int barrier_id) {
    const int t = threadIdx.x % 128;
    int* f = flag(args, from_cta, consumer);
    if (t == 0)
      while (flag_load_acquire(f) == 0) {
      }
    named_barrier_sync<128>(barrier_id);
    const float* src = slot(args, from_cta, consumer);
#pragma unroll
    for (int mi = 0; mi < Cfg::kMmaM; ++mi)
#pragma unroll
      for (int j = 0; j < Cfg::kBN / 2; ++j)
        acc[mi][j] += __ldcg(src + (mi * (Cfg::kBN / 2) + j) * 128 + t);
    if (t == 0) *f = 0;
  }
};

}  // namespace autogemm::sm90
