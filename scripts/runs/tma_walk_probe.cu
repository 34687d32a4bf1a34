// Which part of a GEMM producer's walk makes rows at an odd multiple of 16 bytes slow (session
// 32). tma_align_probe.cu streamed 128-row boxes spread over the CTAs and saw no odd16 cost, yet
// `autogemm trace` showed our kernels' producers waiting twice as long for odd16 stages
// (h200_odd16_s32.md). Here one CTA per SM streams 128B-swizzled boxes {64 columns, ROWS rows}
// of a K-major fp16 matrix through a ring of STAGES stages (one issuing thread, no consumer),
// with the GEMM producer's walk or the spread one:
//   seq     CTA b takes row blocks b, b + grid, ...; each row block's k-blocks in order (a GEMM
//           producer's walk along K)
//   spread  box j = (row block, k-block) goes to CTA j mod grid
// KB = 2: a stage is two boxes side by side along K (BK 128). Each config runs at K = 2048
// (128-byte lines), 2064 (32-byte sectors) and 2056 (odd 16 bytes), reading the first 2048
// columns of a 5760-row matrix (23.6 MB at K 2048: L2-resident) PASSES times a launch. CUDA
// events around 20 back-to-back launches, median of 5 loops.
// Built and run by hand; a probe, not part of the library:
//   nvcc -O3 -std=c++20 -arch=sm_90a -o tma_walk_probe scripts/runs/tma_walk_probe.cu -lcuda
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
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

constexpr int kMaxStages = 16, kReadCols = 2048, kMatRows = 5760;

struct Config {
  int rows, kb, stages, grid;  // grid 0: every SM
  bool seq;
  int passes;
  int shared_rows;  // > 0: each stage also loads this many rows of a second matrix (the same
                    // pitch) at the stage's k, the same rows for every CTA (decode's activations)
};

CUtensorMap encode(void* base, uint64_t rows, uint64_t k, uint32_t box_rows) {
  return encode_k_major(base, rows, k, 64, box_rows, CU_TENSOR_MAP_SWIZZLE_128B,
                        shipped_promotion(k * 2), "walk");
}

__global__ void __launch_bounds__(32)
    walk(const __grid_constant__ CUtensorMap map, const __grid_constant__ CUtensorMap act, int rows,
         int kb, int stages, bool seq, int passes, int shared_rows, uint8_t* sink) {
  extern __shared__ __align__(16) uint8_t smem[];
  uint8_t* ring = smem + ((1024 - (smem_addr(smem) & 1023)) & 1023);
  __shared__ u64 full[kMaxStages];
  if (threadIdx.x != 0) return;
  const int box_bytes = rows * 128, act_bytes = shared_rows * 128;
  const int stage_bytes = kb * (box_bytes + act_bytes);
  for (int s = 0; s < stages; ++s) mbar_init(&full[s], 1);
  fence_barrier_init();
  const int k_steps = kReadCols / (64 * kb), row_blocks = kMatRows / rows;
  const int grid = int(gridDim.x), b = int(blockIdx.x);
  // This CTA's sequence of (row block, k-step): n items in all.
  long n;
  if (seq) {
    const int mine = b < row_blocks ? (row_blocks - b + grid - 1) / grid : 0;
    n = long(mine) * k_steps * passes;
  } else {
    const long total = long(row_blocks) * k_steps * passes;
    n = b < total ? (total - b + grid - 1) / grid : 0;
  }
  auto coords = [&](long i, int& row0, int& col0) {
    if (seq) {
      const long per_pass = n / passes;
      const long q = i % per_pass;
      row0 = (b + int(q / k_steps) * grid) * rows;
      col0 = int(q % k_steps) * 64 * kb;
    } else {
      const long j = (b + i * grid) % (long(row_blocks) * k_steps);
      row0 = int(j / k_steps) * rows;
      col0 = int(j % k_steps) * 64 * kb;
    }
  };
  auto issue = [&](long i) {
    const int s = int(i % stages);
    int r, c;
    coords(i, r, c);
    mbar_arrive_expect_tx(&full[s], stage_bytes);
    for (int h = 0; h < kb; ++h) {
      tma_load_2d(ring + s * stage_bytes + h * box_bytes, desc(&map), &full[s], c + 64 * h, r);
      if (shared_rows > 0)
        tma_load_2d(ring + s * stage_bytes + kb * box_bytes + h * act_bytes, desc(&act), &full[s],
                    c + 64 * h, 0);
    }
  };
  long next = 0;
  for (; next < stages && next < n; ++next) issue(next);
  for (long i = 0; i < n; ++i) {
    mbar_wait(&full[i % stages], uint32_t(i / stages) & 1);
    if (next < n) issue(next++);
  }
  if (b == 0) sink[0] = ring[0];
}

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int max_smem = 200 * 1024 + 1024;
  CK(cudaFuncSetAttribute(walk, cudaFuncAttributeMaxDynamicSharedMemorySize, max_smem));
  const uint64_t ks[] = {2048, 2064, 2056};
  const Config configs[] = {
      {128, 1, 8, 0, false, 3},    {128, 1, 8, 0, true, 3},     {64, 1, 8, 0, true, 3},
      {64, 1, 8, 89, true, 3},     {64, 2, 8, 0, true, 3},      {64, 1, 8, 0, true, 3, 16},
      {64, 1, 8, 0, false, 3, 16}, {128, 1, 8, 0, true, 1, 16}, {64, 1, 8, 0, true, 3, 8},
  };
  const uint64_t max_bytes = uint64_t(kMatRows) * 2064 * 2;
  uint8_t *buf = nullptr, *sink = nullptr;
  CK(cudaMalloc(&buf, max_bytes));
  CK(cudaMalloc(&sink, 16));
  uint8_t* act = nullptr;
  CK(cudaMalloc(&act, 64 * 2064 * 2));
  CK(cudaMemset(act, 0x3c, 64 * 2064 * 2));
  CK(cudaMemset(buf, 0x3c, max_bytes));
  printf("rows,kb,stages,grid,walk,shared_rows,K,pitch_mod_128,median_us,GBps\n");
  for (const Config& c : configs) {
    const int smem = c.stages * c.kb * (c.rows + c.shared_rows) * 128 + 1024;
    const int grid = c.grid ? c.grid : sms;
    for (uint64_t k : ks) {
      const CUtensorMap m = encode(buf, kMatRows, k, c.rows);
      // The shared operand: its own buffer's first rows (so it is not the streamed matrix's).
      const CUtensorMap a = encode(act, 64, k, c.shared_rows > 0 ? c.shared_rows : 8);
      auto launch = [&] {
        walk<<<grid, 32, smem>>>(m, a, c.rows, c.kb, c.stages, c.seq, c.passes, c.shared_rows,
                                 sink);
      };
      const float us = median_launch_us(launch);
      const double bytes = double(kMatRows) * kReadCols * 2 * c.passes;
      printf("%d,%d,%d,%d,%s,%d,%llu,%llu,%.2f,%.0f\n", c.rows, c.kb, c.stages, grid,
             c.seq ? "seq" : "spread", c.shared_rows, (unsigned long long)k,
             (unsigned long long)(k * 2 % 128), us, bytes / (us * 1e3));
      fflush(stdout);
    }
  }
  return 0;
}
