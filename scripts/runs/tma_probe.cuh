// Shared by the TMA probes (tma_align_probe.cu, tma_walk_probe.cu, stream_window_probe.cu,
// read_bw.cu's 1-D bulk copies): a 2D tensor map over a
// row-major fp16 matrix with K contiguous, the library's L2 promotion rule, and the driver's map
// as the kernel's TmaDescriptor (same size and alignment) for ptx.cuh's loads. Needs -lcuda.
#pragma once

#include <cuda.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "../../include/autogemm/sm90/ptx.cuh"

// What runtime/tensor_maps.cpp ships: 256 bytes for rows on the 128-byte lines, else 128.
inline CUtensorMapL2promotion shipped_promotion(uint64_t row_bytes) {
  return row_bytes % 128 == 0 ? CU_TENSOR_MAP_L2_PROMOTION_L2_256B
                              : CU_TENSOR_MAP_L2_PROMOTION_L2_128B;
}

// Exits naming `what` if the driver refuses a map.
inline void check_encode(CUresult r, const char* what, uint64_t k) {
  if (r == CUDA_SUCCESS) return;
  const char* s = nullptr;
  cuGetErrorString(r, &s);
  fprintf(stderr, "encode %s (K %llu): %s\n", what, (unsigned long long)k, s ? s : "?");
  exit(1);
}

// `rows` x `k` fp16, K contiguous (pitch k * 2 bytes), boxes of box_rows x box_cols.
inline CUtensorMap encode_k_major(void* base, uint64_t rows, uint64_t k, uint32_t box_cols,
                                  uint32_t box_rows, CUtensorMapSwizzle swizzle,
                                  CUtensorMapL2promotion promotion, const char* what) {
  CUtensorMap map{};
  const cuuint64_t dims[2] = {k, rows};
  const cuuint64_t strides[1] = {k * 2};
  const cuuint32_t box[2] = {box_cols, box_rows};
  const cuuint32_t es[2] = {1, 1};
  check_encode(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, base, dims, strides,
                                      box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle, promotion,
                                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
               what, k);
  return map;
}

// A 1-D bulk copy (no tensor map) of `bytes` (a multiple of 16) global -> this CTA's shared
// memory, completing on `bar` in bytes.
__device__ __forceinline__ void bulk_g2s(void* dst, const void* src, uint32_t bytes,
                                         autogemm::sm90::u64* bar) {
  using autogemm::sm90::smem_addr;
  asm volatile(
      "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::
          "r"(smem_addr(dst)),
      "l"(src), "r"(bytes), "r"(smem_addr(bar))
      : "memory");
}

// A ring's barriers, by thread 0 (the caller syncs the block after): `full` completed by
// `full_count` arrivals (plus the copies' bytes), `empty` by `empty_count`; fenced for the other
// threads and for the async proxy (the copies).
__device__ __forceinline__ void init_ring_barriers(autogemm::sm90::u64* full,
                                                   autogemm::sm90::u64* empty, int stages,
                                                   uint32_t full_count, uint32_t empty_count) {
  for (int s = 0; s < stages; ++s) {
    autogemm::sm90::mbar_init(&full[s], full_count);
    autogemm::sm90::mbar_init(&empty[s], empty_count);
  }
  autogemm::sm90::fence_barrier_init();
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

__device__ __forceinline__ const autogemm::sm90::TmaDescriptor* desc(const CUtensorMap* m) {
  return reinterpret_cast<const autogemm::sm90::TmaDescriptor*>(m);
}
