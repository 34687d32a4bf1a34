// How fast TMA reads a K-major fp16 operand whose row pitch is off the 128-byte lines, by the
// tensor map's box and swizzle (notes, session 32). Rows at an odd multiple of 16 bytes (K = 8
// mod 16) cost our kernels 3-28% against rows on 32-byte sectors, where cuBLASLt loses 0-8%
// (h200_odd16_s32.md). Each variant streams the same 128-row x 64-column boxes (16 KB a stage,
// what a 128-row k-block of the GEMM loads) through a ring of mbarrier stages, one CTA per SM, one
// issuing thread, no consumer; only the map (box split, swizzle, rank, L2 promotion) changes:
//   sw128     2D box {64, 128}, 128-byte swizzle (the kernel's operand loads)
//   sw128_np  the same without L2 promotion
//   sw64      2D boxes {32, 128} x 2, 64-byte swizzle
//   sw32      2D boxes {16, 128} x 4, 32-byte swizzle
//   none      2D box {64, 128}, no swizzle
//   r3_none   3D map {8, K/8, rows} (strides 16 B, pitch), box {8, 8, 128}, no swizzle
// (A 3D box {8, 8, 128} with the 128-byte swizzle writes past its 16 KB: a swizzled box pads its
// 16-byte inner rows to the swizzle span, so that form cannot stand in for the 2D box.) It also
// checks that r3_none lands in shared memory as `none` does. Pitches: K = 2048 (128-byte lines),
// 2064 (32-byte sectors), 2056 (odd 16 bytes); only the first 2048 columns are read. Two regimes: a
// 16 MB matrix read 4 times a launch (L2-resident, as middle-class operands are) and a 256 MB one
// read once (DRAM). CUDA events around 20 back-to-back launches, median of 5 loops. Built and run
// by hand; a probe, not part of the library:
//   nvcc -O3 -std=c++20 -arch=sm_90a -o tma_align_probe scripts/runs/tma_align_probe.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "../../include/autogemm/sm90/ptx.cuh"
#include "probe_util.cuh"
#include "tma_probe.cuh"

using autogemm::sm90::fence_barrier_init;
using autogemm::sm90::mbar_arrive_expect_tx;
using autogemm::sm90::mbar_init;
using autogemm::sm90::mbar_wait;
using autogemm::sm90::smem_addr;
using autogemm::sm90::tma_load_2d;
using autogemm::sm90::u64;

constexpr int kRows = 128, kCols = 64, kStageBytes = kRows * kCols * 2, kStages = 8;
constexpr int kReadCols = 2048;

struct Variant {
  const char* name;
  int rank;      // 2 or 3
  int box_cols;  // 2D: columns a box; 3D: always 8 x 8
  CUtensorMapSwizzle swizzle;
  bool promote;
};
const Variant kVariants[] = {
    {"sw128", 2, 64, CU_TENSOR_MAP_SWIZZLE_128B, true},
    {"sw128_np", 2, 64, CU_TENSOR_MAP_SWIZZLE_128B, false},
    {"sw64", 2, 32, CU_TENSOR_MAP_SWIZZLE_64B, true},
    {"sw32", 2, 16, CU_TENSOR_MAP_SWIZZLE_32B, true},
    {"none", 2, 64, CU_TENSOR_MAP_SWIZZLE_NONE, true},
    {"r3_none", 3, 64, CU_TENSOR_MAP_SWIZZLE_NONE, true},
};

CUtensorMap encode(const Variant& v, void* base, uint64_t rows, uint64_t k) {
  const auto promo = v.promote ? shipped_promotion(k * 2) : CU_TENSOR_MAP_L2_PROMOTION_NONE;
  if (v.rank == 2)
    return encode_k_major(base, rows, k, v.box_cols, kRows, v.swizzle, promo, v.name);
  CUtensorMap map{};
  const cuuint64_t dims[3] = {8, k / 8, rows};
  const cuuint64_t strides[2] = {16, k * 2};
  const cuuint32_t box[3] = {8, 8, kRows};
  const cuuint32_t es[3] = {1, 1, 1};
  check_encode(cuTensorMapEncodeTiled(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 3, base, dims, strides,
                                      box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, v.swizzle, promo,
                                      CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE),
               v.name, k);
  return map;
}

__device__ __forceinline__ void load3d(void* dst, const CUtensorMap* m, u64* bar, int c0, int c1,
                                       int c2) {
  asm volatile(
      "cp.async.bulk.tensor.3d.shared::cluster.global.mbarrier::complete_tx::bytes"
      " [%0], [%1, {%3, %4, %5}], [%2];" ::"r"(smem_addr(dst)),
      "l"(m), "r"(smem_addr(bar)), "r"(c0), "r"(c1), "r"(c2)
      : "memory");
}

// One stage: the 128 x 64 block at (row0, col0), as the variant's boxes.
__device__ __forceinline__ void load_stage(uint8_t* dst, const CUtensorMap* m, u64* bar, int rank,
                                           int box_cols, int row0, int col0) {
  mbar_arrive_expect_tx(bar, kStageBytes);
  if (rank == 3) {
    load3d(dst, m, bar, 0, col0 / 8, row0);
  } else {
    for (int c = 0; c < kCols; c += box_cols)
      tma_load_2d(dst + (c / box_cols) * kRows * box_cols * 2, desc(m), bar, col0 + c, row0);
  }
}

__global__ void __launch_bounds__(32)
    stream(const __grid_constant__ CUtensorMap map, int rank, int box_cols, int row_blocks,
           int passes, uint8_t* sink) {
  // Aligned by its shared-memory address (a 1024-byte alignment on the declaration would only be
  // assumed: the static barriers come first).
  extern __shared__ __align__(16) uint8_t smem[];
  uint8_t* ring = smem + ((1024 - (smem_addr(smem) & 1023)) & 1023);
  __shared__ u64 full[kStages];
  if (threadIdx.x != 0) return;
  for (int s = 0; s < kStages; ++s) mbar_init(&full[s], 1);
  fence_barrier_init();
  const int k_blocks = kReadCols / kCols;
  const long total = long(row_blocks) * k_blocks * passes;
  auto coords = [&](long j, int& row0, int& col0) {
    const long b = j % (long(row_blocks) * k_blocks);
    row0 = int(b / k_blocks) * kRows;
    col0 = int(b % k_blocks) * kCols;
  };
  long j = blockIdx.x;  // the next box to issue
  int issued = 0;
  for (int s = 0; s < kStages && j < total; ++s, ++issued, j += gridDim.x) {
    int r, c;
    coords(j, r, c);
    load_stage(ring + s * kStageBytes, &map, &full[s], rank, box_cols, r, c);
  }
  // Use i of stage i % kStages completes that stage's phase i / kStages.
  for (int i = 0; i < issued; ++i) {
    const int s = i % kStages;
    mbar_wait(&full[s], uint32_t(i / kStages) & 1);
    if (j < total) {
      int r, c;
      coords(j, r, c);
      load_stage(ring + s * kStageBytes, &map, &full[s], rank, box_cols, r, c);
      j += gridDim.x;
      ++issued;
    }
  }
  if (blockIdx.x == 0) sink[0] = ring[0];
}

// Loads one stage at (row0, col0) and copies the shared-memory bytes out, for the layout check.
__global__ void __launch_bounds__(32) one_stage(const __grid_constant__ CUtensorMap map, int rank,
                                                int box_cols, int row0, int col0, uint8_t* out) {
  // Aligned by its shared-memory address (a 1024-byte alignment on the declaration would only be
  // assumed: the static barriers come first).
  extern __shared__ __align__(16) uint8_t smem[];
  uint8_t* ring = smem + ((1024 - (smem_addr(smem) & 1023)) & 1023);
  __shared__ u64 full;
  if (threadIdx.x == 0) {
    mbar_init(&full, 1);
    fence_barrier_init();
    load_stage(ring, &map, &full, rank, box_cols, row0, col0);
    mbar_wait(&full, 0);
  }
  __syncwarp();
  for (int i = threadIdx.x; i < kStageBytes; i += 32) out[i] = ring[i];
}

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int smem = kStages * kStageBytes + 1024;
  CK(cudaFuncSetAttribute(stream, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  CK(cudaFuncSetAttribute(one_stage, cudaFuncAttributeMaxDynamicSharedMemorySize,
                          kStageBytes + 1024));
  const uint64_t ks[] = {2048, 2064, 2056};
  struct Regime {
    const char* name;
    uint64_t rows;
    int passes;
  } regimes[] = {{"l2", 4096, 4}, {"dram", 65536, 1}};
  const uint64_t max_bytes = 65536ull * 2064 * 2;
  uint8_t *buf = nullptr, *sink = nullptr, *out_a = nullptr, *out_b = nullptr;
  CK(cudaMalloc(&buf, max_bytes));
  CK(cudaMalloc(&sink, 16));
  CK(cudaMalloc(&out_a, kStageBytes));
  CK(cudaMalloc(&out_b, kStageBytes));
  {  // element i holds (i * 40503 + 17) mod 65521 as its 16 bits: a pattern for the layout check
    std::vector<uint16_t> h(max_bytes / 2);
    for (size_t i = 0; i < h.size(); ++i) h[i] = uint16_t((i * 40503u + 17u) % 65521u);
    CK(cudaMemcpy(buf, h.data(), max_bytes, cudaMemcpyHostToDevice));
  }
  // Layout check: the rank-3 maps against their rank-2 twins, at an odd16 pitch, a row block and
  // column block off the origin.
  for (auto [a, b] : {std::pair{4, 5}}) {
    const uint64_t k = 2056;
    const CUtensorMap ma = encode(kVariants[a], buf, 4096, k),
                      mb = encode(kVariants[b], buf, 4096, k);
    printf("layout check %s\n", kVariants[a].name);
    fflush(stdout);
    one_stage<<<1, 32, kStageBytes + 1024>>>(ma, kVariants[a].rank, kVariants[a].box_cols, 384, 192,
                                             out_a);
    CK(cudaDeviceSynchronize());
    one_stage<<<1, 32, kStageBytes + 1024>>>(mb, kVariants[b].rank, kVariants[b].box_cols, 384, 192,
                                             out_b);
    CK(cudaDeviceSynchronize());
    std::vector<uint8_t> ha(kStageBytes), hb(kStageBytes);
    CK(cudaMemcpy(ha.data(), out_a, kStageBytes, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(hb.data(), out_b, kStageBytes, cudaMemcpyDeviceToHost));
    printf("layout %s vs %s: %s\n", kVariants[b].name, kVariants[a].name,
           memcmp(ha.data(), hb.data(), kStageBytes) == 0 ? "identical" : "DIFFERENT");
    fflush(stdout);
  }
  if (getenv("LAYOUT_ONLY")) return 0;
  printf("regime,variant,K,pitch_mod_128,median_us,GBps\n");
  for (const Regime& g : regimes) {
    for (const Variant& v : kVariants) {
      for (uint64_t k : ks) {
        const CUtensorMap m = encode(v, buf, g.rows, k);
        const int row_blocks = int(g.rows / kRows);
        auto launch = [&] {
          stream<<<sms, 32, smem>>>(m, v.rank, v.box_cols, row_blocks, g.passes, sink);
        };
        const float us = median_launch_us(launch);
        const double bytes = double(g.rows) * kReadCols * 2 * g.passes;
        printf("%s,%s,%llu,%llu,%.2f,%.0f\n", g.name, v.name, (unsigned long long)k,
               (unsigned long long)(k * 2 % 128), us, bytes / (us * 1e3));
      }
    }
  }
  return 0;
}
