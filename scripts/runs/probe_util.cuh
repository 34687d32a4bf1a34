// Shared by the standalone CUDA probes (read_bw.cu, gemv_probe.cu, wstream_probe.cu): a
// checked-call macro and the streaming 16-byte load. The mbarrier and cluster wrappers come from
// the kernel's own include/autogemm/sm90/ptx.cuh.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

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
