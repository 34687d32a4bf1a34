// Is it the TMA copy path or the access pattern that keeps per-SM streams under the grid-stride
// plain-load sweep (h100_stream_ceiling_s33: 2.7-2.9 against 3.1 TB/s on an H100)? One CTA per
// SM reading a 141.6 MB buffer (a 13824x5120 fp16 weight) and a 1 GiB one through a ring of 1-D
// TMA bulk copies, the chunks dealt out two ways: "own" (each CTA a contiguous share, as
// read_bw's bulk) and "sweep" (chunk i to CTA i mod G: the whole GPU reads one window, as the
// grid-stride sweep does); against read_bw's grid-stride ld_v4. Timed as our bench times
// kernels: CUDA events around 20 back-to-back launches, L2 warm, median of 5 loops
// (probe_util.cuh's median_launch_us; the committed runs used 7 loops of an earlier copy).
// Then GEMM-shaped walks of the same 141.6 MB as a 13824x5120 matrix through 2D tensor maps
// (128B-swizzled boxes of 64 columns x ROWS rows, as our producers load a weight): "walk" units
// are (row block, K split) pairs dealt out round-robin, each CTA loading its unit's k-blocks in
// order (SPLITS 1: a persistent tile per row block; 3-4: split-K pieces); "spread" deals out
// single boxes (row block, k-block) round-robin, so the GPU reads a few row blocks at a time.
// Session 45 added spread units of G k-blocks (walk2d's group) and 1-D bulk row streams (rows1d);
// h200_stream_window_s45 has the H200 figures.
// Build: nvcc -O3 -std=c++20 -arch=sm_90a -o stream_window_probe stream_window_probe.cu -lcuda
// Output: a CSV on stdout (kernel, chunk, stages, bytes, median us, TB/s).
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <vector>

#include "../../include/autogemm/sm90/ptx.cuh"
#include "probe_util.cuh"
#include "tma_probe.cuh"

using autogemm::sm90::mbar_arrive;
using autogemm::sm90::mbar_arrive_expect_tx;
using autogemm::sm90::mbar_wait;
using autogemm::sm90::smem_addr;
using autogemm::sm90::tma_load_2d;
using autogemm::sm90::u64;

constexpr int kConsumers = 128;

// One producer thread fills the ring with this CTA's chunks (kSweep: chunks blockIdx.x,
// blockIdx.x + G, ...; else a contiguous share); a consumer warpgroup reads a word per thread of
// each chunk and releases it. The buffer is a whole number of chunks times the grid.
template <int kChunk, int kStages, bool kSweep>
__global__ void __launch_bounds__(32 + kConsumers, 1)
    bulk(const uint8_t* __restrict__ in, size_t bytes, uint32_t* __restrict__ out) {
  extern __shared__ __align__(1024) uint8_t ring[];
  __shared__ __align__(8) u64 full[kStages], empty[kStages];
  if (threadIdx.x == 0) init_ring_barriers(full, empty, kStages, 1, kConsumers / 32);
  __syncthreads();
  const size_t total = bytes / kChunk, grid = gridDim.x;
  const size_t mine = total / grid;  // whole chunks per CTA (the host sizes the buffer so)
  auto chunk_offset = [&](size_t c) {
    return (kSweep ? c * grid + blockIdx.x : size_t(blockIdx.x) * mine + c) * size_t(kChunk);
  };
  uint32_t acc = 0;
  if (threadIdx.x < 32) {
    if (threadIdx.x == 0)
      for (size_t c = 0; c < mine; ++c) {
        const int s = int(c % kStages);
        if (c >= kStages) mbar_wait(&empty[s], uint32_t(c / kStages - 1) & 1);
        mbar_arrive_expect_tx(&full[s], kChunk);
        bulk_g2s(ring + size_t(s) * kChunk, in + chunk_offset(c), kChunk, &full[s]);
      }
    __syncwarp();
  } else {
    const int t = threadIdx.x - 32;
    constexpr int kWordStride = kChunk / 4 / kConsumers;
    for (size_t c = 0; c < mine; ++c) {
      const int s = int(c % kStages);
      mbar_wait(&full[s], uint32_t(c / kStages) & 1);
      acc += reinterpret_cast<const uint32_t*>(ring + size_t(s) * kChunk)[t * kWordStride];
      __syncwarp();
      if (t % 32 == 0) mbar_arrive(&empty[s]);
    }
  }
  if (threadIdx.x == 32) out[blockIdx.x] = acc;
}

// Grid-stride 16-byte loads, 8 in flight per thread (read_bw's ld_v4).
__global__ void __launch_bounds__(512, 1)
    ld_v4(const uint8_t* __restrict__ in, size_t bytes, uint32_t* __restrict__ out) {
  const size_t n16 = bytes / 16, stride = size_t(gridDim.x) * blockDim.x;
  const uint4* p = reinterpret_cast<const uint4*>(in);
  uint32_t acc = 0;
  for (size_t i0 = size_t(blockIdx.x) * blockDim.x + threadIdx.x; i0 < n16; i0 += 8 * stride) {
    uint4 v[8];
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      const size_t i = i0 + size_t(j) * stride;
      v[j] = i < n16 ? ld_stream_v4<0>(p + i) : make_uint4(0, 0, 0, 0);
    }
#pragma unroll
    for (int j = 0; j < 8; ++j) acc += v[j].x;
  }
  if (acc == 0x12345678u) out[0] = acc;
}

// GEMM-shaped walk: units of (row block, K split) or single boxes, round-robin over the CTAs;
// one thread issues boxes of 64 columns x `rows` rows into a ring, a consumer warp waits and
// releases. `spread`: unit = one box (row block u / kblocks, k-block u % kblocks).
// `group` > 1 with `spread`: unit = `group` consecutive k-blocks of one row block (each row's
// group x 128 bytes read together), units round-robin. `stages` (<= kMaxWalkStages) boxes in
// the ring.
constexpr int kWalkStages = 8, kMaxWalkStages = 32;
__global__ void __launch_bounds__(64, 1)
    walk2d(const __grid_constant__ CUtensorMap map, int rows, int matrix_rows, int kblocks,
           int splits, bool spread, uint32_t* __restrict__ out, int group = 1,
           int stages = kWalkStages) {
  extern __shared__ __align__(1024) uint8_t ring[];
  __shared__ __align__(8) u64 full[kMaxWalkStages], empty[kMaxWalkStages];
  if (threadIdx.x == 0) init_ring_barriers(full, empty, stages, 1, 1);
  __syncthreads();
  uint8_t* base =
      reinterpret_cast<uint8_t*>((reinterpret_cast<uintptr_t>(ring) + 1023) & ~uintptr_t(1023));
  const int blocks = matrix_rows / rows, box_bytes = rows * 128;
  const int units = spread ? blocks * (kblocks / group) : blocks * splits;
  // The boxes this CTA loads, in order: (row block, k-block).
  auto for_each_box = [&](auto&& f) {
    if (!spread && splits == 0) {  // stream-K: a contiguous range of all (row block, k-block)
      const int64_t total = int64_t(blocks) * kblocks;
      for (int64_t u = total * blockIdx.x / gridDim.x; u < total * (blockIdx.x + 1) / gridDim.x; ++u)
        f(int(u / kblocks), int(u % kblocks));
      return;
    }
    for (int u = blockIdx.x; u < units; u += gridDim.x) {
      if (spread) {
        const int per = kblocks / group;
        for (int g = 0; g < group; ++g) f(u / per, (u % per) * group + g);
      } else {
        const int rb = u / splits, part = u % splits;
        for (int kb = kblocks * part / splits; kb < kblocks * (part + 1) / splits; ++kb) f(rb, kb);
      }
    }
  };
  uint32_t acc = 0;
  if (threadIdx.x == 0) {
    int c = 0;
    for_each_box([&](int rb, int kb) {
      const int s = c % stages;
      if (c >= stages) mbar_wait(&empty[s], uint32_t(c / stages - 1) & 1);
      mbar_arrive_expect_tx(&full[s], box_bytes);
      tma_load_2d(base + size_t(s) * box_bytes, desc(&map), &full[s], kb * 64, rb * rows);
      ++c;
    });
  } else if (threadIdx.x == 32) {
    int c = 0;
    for_each_box([&](int, int) {
      const int s = c % stages;
      mbar_wait(&full[s], uint32_t(c / stages) & 1);
      acc += reinterpret_cast<const uint32_t*>(base + size_t(s) * box_bytes)[0];
      mbar_arrive(&empty[s]);
      ++c;
    });
    out[blockIdx.x] = acc;
  }
}

// Session 45: a row-major weight read as a 1-D-bulk decode kernel would read it. Units are
// (`rows` rows, `chunk` bytes of each row), k fastest within a row block; each CTA takes a
// contiguous range of units (stream-K order, "own") or units round-robin ("sweep"). Per unit,
// lane r of the producer warp copies row r's `chunk` bytes (a 1-D bulk copy) into the ring.
__global__ void __launch_bounds__(64, 1)
    rows1d(const uint8_t* __restrict__ in, int matrix_rows, int row_bytes, int rows, int chunk,
           int stages, bool sweep, uint32_t* __restrict__ out) {
  extern __shared__ __align__(1024) uint8_t ring[];
  __shared__ __align__(8) u64 full[kMaxWalkStages], empty[kMaxWalkStages];
  if (threadIdx.x == 0) init_ring_barriers(full, empty, stages, 1, 1);
  __syncthreads();
  const int per_row = row_bytes / chunk, units = matrix_rows / rows * per_row;
  const int unit_bytes = rows * chunk, grid = gridDim.x, b = blockIdx.x;
  const int first = sweep ? b : int(int64_t(units) * b / grid);
  const int last = sweep ? units : int(int64_t(units) * (b + 1) / grid);
  const int step = sweep ? grid : 1;
  uint32_t acc = 0;
  if (threadIdx.x < 32) {
    int c = 0;
    for (int u = first; u < last; u += step, ++c) {
      const int s = c % stages;
      if (c >= stages) mbar_wait(&empty[s], uint32_t(c / stages - 1) & 1);
      if (threadIdx.x == 0) mbar_arrive_expect_tx(&full[s], unit_bytes);
      __syncwarp();
      const size_t row0 = size_t(u / per_row) * rows, col = size_t(u % per_row) * chunk;
      for (int r = threadIdx.x; r < rows; r += 32)
        bulk_g2s(ring + size_t(s) * unit_bytes + size_t(r) * chunk,
                 in + (row0 + r) * size_t(row_bytes) + col, chunk, &full[s]);
    }
  } else if (threadIdx.x == 32) {
    int c = 0;
    for (int u = first; u < last; u += step, ++c) {
      const int s = c % stages;
      mbar_wait(&full[s], uint32_t(c / stages) & 1);
      acc += reinterpret_cast<const uint32_t*>(ring + size_t(s) * unit_bytes)[0];
      mbar_arrive(&empty[s]);
    }
    out[blockIdx.x] = acc;
  }
}

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const size_t sizes[] = {141557760, size_t(1) << 30};
  uint8_t* buf = nullptr;
  uint32_t* out = nullptr;
  CK(cudaMalloc(&buf, (size_t(1) << 30) + (64 << 20)));
  CK(cudaMemset(buf, 1, (size_t(1) << 30) + (64 << 20)));
  CK(cudaMalloc(&out, 4096 * sizeof(uint32_t)));
  auto time = [](const std::function<void()>& launch) { return median_launch_us(launch); };
  std::printf("kernel,chunk,stages,bytes,median_us,tbps\n");
  auto report = [&](const char* k, int chunk, int stages, size_t bytes, double us) {
    std::printf("%s,%d,%d,%zu,%.2f,%.3f\n", k, chunk, stages, bytes, us, double(bytes) / us / 1e6);
  };
  {
    const int k = 5120, mrows = 13824;
    const size_t bytes = size_t(k) * mrows * 2;
    const CUtensorMap m128 = encode_k_major(buf, mrows, k, 64, 128, CU_TENSOR_MAP_SWIZZLE_128B,
                                            shipped_promotion(k * 2), "walk128");
    const CUtensorMap m64 = encode_k_major(buf, mrows, k, 64, 64, CU_TENSOR_MAP_SWIZZLE_128B,
                                           shipped_promotion(k * 2), "walk64");
    const CUtensorMap m32 = encode_k_major(buf, mrows, k, 64, 32, CU_TENSOR_MAP_SWIZZLE_128B,
                                           shipped_promotion(k * 2), "walk32");
    const int smem = kWalkStages * 128 * 128 + 1024;  // 128 KB of ring in every variant
    CK(cudaFuncSetAttribute(walk2d, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    struct W {
      const char* name;
      int rows, splits;
      bool spread;
    };
    const W ws[] = {{"walk128_split1", 128, 1, false}, {"walk128_split3", 128, 3, false},
                    {"walk128_split4", 128, 4, false}, {"walk64_split1", 64, 1, false},
                    {"walk64_split2", 64, 2, false},   {"spread128", 128, 1, true},
                    {"spread64", 64, 1, true}};
    for (const W& w : ws) {
      const CUtensorMap& m = w.rows == 128 ? m128 : m64;
      report(w.name, w.rows * 128, kWalkStages, bytes, time([&] {
               walk2d<<<sms, 64, smem>>>(m, w.rows, mrows, k / 64, w.splits, w.spread, out);
             }));
    }
    // Session 45: spread units of `group` k-blocks, the ring at a fixed 128 KB (stages = 128 KB /
    // box), so a row's 128-byte pieces reach DRAM together in runs of group x 128 bytes.
    struct G {
      int rows, group;
    };
    const G gs[] = {{128, 1}, {128, 2}, {128, 4}, {64, 1}, {64, 2}, {64, 4},
                    {64, 8},  {32, 2},  {32, 4},  {32, 8}, {32, 16}};
    for (const G& g : gs) {
      const CUtensorMap& m = g.rows == 128 ? m128 : g.rows == 64 ? m64 : m32;
      const int stages = std::min(kMaxWalkStages, 128 * 1024 / (g.rows * 128));
      char name[64];
      std::snprintf(name, sizeof name, "spread%d_g%d", g.rows, g.group);
      report(name, g.rows * 128, stages, bytes, time([&] {
               walk2d<<<sms, 64, smem>>>(m, g.rows, mrows, k / 64, 1, true, out, g.group, stages);
             }));
    }
  }
  // Session 45: 1-D bulk row streams (rows1d) over the two decode weights, 128 KB of ring.
  {
    CK(cudaFuncSetAttribute(rows1d, cudaFuncAttributeMaxDynamicSharedMemorySize, 128 * 1024));
    struct R {
      int mrows, k, rows, chunk;
      bool sweep;
    };
    const R rs[] = {{13824, 5120, 16, 1024, false}, {13824, 5120, 16, 2048, false},
                    {13824, 5120, 32, 512, false},  {13824, 5120, 32, 1024, false},
                    {13824, 5120, 8, 2048, false},  {13824, 5120, 16, 1024, true},
                    {5120, 13824, 16, 1024, false}, {5120, 13824, 16, 1536, false},
                    {5120, 13824, 32, 512, false},  {5120, 13824, 32, 1024, false},
                    {5120, 13824, 8, 3072, false},  {5120, 13824, 16, 1024, true},
                    {5120, 13824, 16, 768, false},  {5120, 13824, 64, 256, false}};
    for (const R& r : rs) {
      const int stages = std::min(kMaxWalkStages, 128 * 1024 / (r.rows * r.chunk));
      char name[64];
      std::snprintf(name, sizeof name, "rows1d_%dx%d_r%d_%s", r.mrows, r.k, r.rows,
                    r.sweep ? "sweep" : "own");
      report(name, r.chunk, stages, size_t(r.mrows) * r.k * 2, time([&] {
               rows1d<<<sms, 64, 128 * 1024>>>(buf, r.mrows, r.k * 2, r.rows, r.chunk, stages,
                                               r.sweep, out);
             }));
    }
  }
  // Session 45: is a streaming grid bound per SM or by DRAM? The same 141.6 MB read by fewer
  // CTAs (1-D bulk), and 2D walks shaped as our decode kernels: the long-K weight 5120x13824 in
  // 40 row blocks of 128 split three ways (120 CTAs, the skp3 family) against stream-K ranges
  // over 132 or 120 CTAs; 13824x5120 one CTA per row block (108) against stream-K over 132.
  {
    constexpr int kChunk = 16384, kStages = 8;
    const size_t bytes = 141557760;
    CK(cudaFuncSetAttribute(bulk<kChunk, kStages, false>,
                            cudaFuncAttributeMaxDynamicSharedMemorySize, kChunk * kStages));
    for (int grid : {sms, 120, 108, 96, 66}) {
      const size_t per = size_t(kChunk) * grid, b = bytes / per * per;
      char name[64];
      std::snprintf(name, sizeof name, "bulk_own_grid%d", grid);
      report(name, kChunk, kStages, b, time([&] {
               bulk<kChunk, kStages, false><<<grid, 32 + kConsumers, kChunk * kStages>>>(buf, b, out);
             }));
    }
    const int smem = kWalkStages * 128 * 128 + 1024;
    struct S { const char* name; int mrows, k, splits, grid; };
    const S ss[] = {{"walk128_5120x13824_split3_grid120", 5120, 13824, 3, 120},
                    {"walk128_5120x13824_sk_grid132", 5120, 13824, 0, 132},
                    {"walk128_5120x13824_sk_grid120", 5120, 13824, 0, 120},
                    {"walk128_13824x5120_split1_grid108", 13824, 5120, 1, 108},
                    {"walk128_13824x5120_sk_grid132", 13824, 5120, 0, 132}};
    for (const S& w : ss) {
      const CUtensorMap m = encode_k_major(buf, w.mrows, w.k, 64, 128, CU_TENSOR_MAP_SWIZZLE_128B,
                                           shipped_promotion(w.k * 2), w.name);
      report(w.name, 128 * 128, kWalkStages, size_t(w.mrows) * w.k * 2, time([&] {
               walk2d<<<std::min(w.grid, sms), 64, smem>>>(m, 128, w.mrows, w.k / 64, w.splits,
                                                          false, out);
             }));
    }
  }
  for (size_t size : sizes) {
    report("ld_v4", 16, 8, size, time([&] { ld_v4<<<2 * sms, 512>>>(buf, size, out); }));
    auto run = [&](auto kernel, const char* name, int chunk, int stages) {
      const size_t per = size_t(chunk) * sms;
      const size_t bytes = (size + per - 1) / per * per;  // whole chunks per CTA
      const int smem = chunk * stages;
      CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
      report(name, chunk, stages, bytes,
             time([&] { kernel<<<sms, 32 + kConsumers, smem>>>(buf, bytes, out); }));
    };
    run(bulk<4096, 16, false>, "bulk_own", 4096, 16);
    run(bulk<4096, 16, true>, "bulk_sweep", 4096, 16);
    run(bulk<16384, 8, false>, "bulk_own", 16384, 8);
    run(bulk<16384, 8, true>, "bulk_sweep", 16384, 8);
    run(bulk<32768, 6, false>, "bulk_own", 32768, 6);
    run(bulk<32768, 6, true>, "bulk_sweep", 32768, 6);
    run(bulk<2048, 32, false>, "bulk_own", 2048, 32);
    run(bulk<2048, 32, true>, "bulk_sweep", 2048, 32);
  }
  return 0;
}
