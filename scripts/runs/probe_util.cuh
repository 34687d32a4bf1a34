// Shared by the standalone CUDA probes (read_bw.cu, gemv_probe.cu, wstream_probe.cu): a
// checked-call macro and the streaming 16-byte load. The mbarrier and cluster wrappers come from
// the kernel's own include/autogemm/sm90/ptx.cuh.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <utility>

#define CK(call)                                                                             \
  do {                                                                                       \
    cudaError_t e_ = (call);                                                                 \
    if (e_ != cudaSuccess) {                                                                 \
      fprintf(stderr, "%s failed: %s (line %d)\n", #call, cudaGetErrorString(e_), __LINE__); \
      exit(1);                                                                               \
    }                                                                                        \
  } while (0)

// 16 bytes read once: no L1 allocation; kL2Bytes (0, 128 or 256) asks L2 to fetch that much of
// the surrounding memory on a miss.
template <int kL2Bytes>
__device__ __forceinline__ uint4 ld_stream_v4(const void* p) {
  static_assert(kL2Bytes == 0 || kL2Bytes == 128 || kL2Bytes == 256, "L2 prefetch size");
  uint4 v;
  if constexpr (kL2Bytes == 256)
    asm("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
        : "l"(p));
  else if constexpr (kL2Bytes == 128)
    asm("ld.global.nc.L1::no_allocate.L2::128B.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
        : "l"(p));
  else
    asm("ld.global.nc.L1::no_allocate.v4.u32 {%0, %1, %2, %3}, [%4];"
        : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
        : "l"(p));
  return v;
}

// Median over 5 loops of the time per launch of 20 back-to-back launches, CUDA events around each
// loop (L2 warm: 3 launches first), in microseconds: the bench's kernel-mode timing.
template <class Launch>
float median_launch_us(Launch launch) {
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  for (int w = 0; w < 3; ++w) launch();
  CK(cudaDeviceSynchronize());
  float t[5];
  for (int loop = 0; loop < 5; ++loop) {
    CK(cudaEventRecord(e0));
    for (int i = 0; i < 20; ++i) launch();
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    t[loop] = ms * 1000.f / 20;
  }
  CK(cudaGetLastError());
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
  for (int i = 1; i < 5; ++i)  // insertion sort of five
    for (int j = i; j > 0 && t[j] < t[j - 1]; --j) std::swap(t[j], t[j - 1]);
  return t[2];
}
