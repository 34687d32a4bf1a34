// Session 45: a decode kernel on 1-D row copies (notes 310-311). h200_stream_window_s45 put 1-D
// bulk copies of 2 KB rows (16 rows a stage) at the H200's read ceiling (34.9 us on 141.6 MB)
// and the 2D 128-byte-row boxes our GEMM tiles load 7-8% under it. 1-D rows are no wgmma operand
// layout, so here the math is mma.sync m16n8k16 from padded rows (ldmatrix), the tokens (M <= 16)
// copied the same way beside the weight. Units are (16 weight rows, 1024 k); each CTA takes a
// contiguous range of them (stream-K order), a row block split between CTAs is summed by its
// last finisher from the others' fp32 partials in CTA order (deterministic, no waiting).
// Correctness against an fp32 reference (N(0,1) data, C poisoned with NaN) and time per call as
// the bench's kernel mode measures it (probe_data.cuh). Prints a CSV:
// M,N,K,grid,stages,median_us,min_us,max_us,tbps,rel_err
//   nvcc -O3 -std=c++20 -arch=sm_90a -o rowstream_decode_probe \
//   scripts/runs/rowstream_decode_probe.cu
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "probe_data.cuh"
#include "tma_probe.cuh"

using namespace autogemm::sm90;

constexpr int kRows = 16;     // weight rows a unit (mma's M)
constexpr int kChunk = 1024;  // k a unit: 2 KB a row copy
#ifndef ROW_PAD
#define ROW_PAD 16
#endif
// A stage's row pitch: ROW_PAD 16 puts ldmatrix's 8 rows in 8 bank groups but the copies'
// destinations off 128-byte alignment; 0 keeps them aligned with 8-way bank conflicts.
constexpr int kPitch = kChunk * 2 + ROW_PAD;
constexpr int kConsumerWarps = 8;
constexpr int kUnroll = 4;
constexpr int kMaxStages = 8;

struct Args {
  const u16 *w, *x;  // W: n x k, X: m x k (row-major, k contiguous)
  u16* c;            // C: m x n
  float* partial;    // [row block][slot][16 x 8NT] fp32
  int* arrived;      // [row block], zero between calls (the last finisher resets it)
  int m, n, k, stages, max_slots;
};

__host__ __device__ __forceinline__ int owner_of(long long u, long long units, int grid) {
  return int(((u + 1) * grid - 1) / units);  // the CTA whose range [U*b/G, U*(b+1)/G) holds u
}

template <int kNT>
__global__ void __launch_bounds__(32 * (1 + kConsumerWarps), 1) rowstream(const Args a) {
  extern __shared__ __align__(128) uint8_t smem[];
  __shared__ __align__(8) u64 full[kMaxStages], empty[kMaxStages];
  __shared__ float red[kConsumerWarps][kRows * 8 * kNT];
  __shared__ int last_flag;
  constexpr int kStageRows = kRows + 8 * kNT;
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32, grid = gridDim.x, b = blockIdx.x;
  const int chunks = (a.k + kChunk - 1) / kChunk, blocks = (a.n + kRows - 1) / kRows;
  const long long units = (long long)blocks * chunks;
  const long long first = units * b / grid, last = units * (b + 1) / grid;
  if (threadIdx.x == 0) init_ring_barriers(full, empty, a.stages, 1, kConsumerWarps);
  // Token rows past M stay zero in every stage (no copy writes them).
  for (int i = threadIdx.x; i < a.stages * 8 * kNT * kPitch / 4; i += blockDim.x) {
    const int s = i / (8 * kNT * kPitch / 4), r = i % (8 * kNT * kPitch / 4);
    reinterpret_cast<uint32_t*>(smem + size_t(s) * kStageRows * kPitch + kRows * kPitch)[r] = 0;
  }
  __syncthreads();
  if (warp == 0) {  // producer: lane r copies weight row r, lane 16 + t token row t
    int c = 0;
    for (long long u = first; u < last; ++u, ++c) {
      const int s = c % a.stages, rb = int(u / chunks), j = int(u % chunks);
      const int k0 = j * kChunk, kc = min(kChunk, a.k - k0), rows = min(kRows, a.n - rb * kRows);
      if (c >= a.stages) mbar_wait(&empty[s], uint32_t(c / a.stages - 1) & 1);
      if (lane == 0) mbar_arrive_expect_tx(&full[s], uint32_t((rows + a.m) * kc * 2));
      __syncwarp();
      uint8_t* stage = smem + size_t(s) * kStageRows * kPitch;
      if (lane < rows)
        bulk_g2s(stage + lane * kPitch, a.w + (size_t(rb) * kRows + lane) * a.k + k0, kc * 2,
                 &full[s]);
      else if (lane >= kRows && lane - kRows < a.m)
        bulk_g2s(stage + lane * kPitch, a.x + size_t(lane - kRows) * a.k + k0, kc * 2, &full[s]);
    }
    return;
  }
  const int w = warp - 1;
  float acc[2][kNT][4] = {};  // two sets, alternate k16 steps: two independent mma chains
  int c = 0;
  for (long long u = first; u < last; ++u, ++c) {
    const int s = c % a.stages, rb = int(u / chunks), j = int(u % chunks);
    const int steps = min(kChunk, a.k - j * kChunk) / 16;
    mbar_wait(&full[s], uint32_t(c / a.stages) & 1);
    const uint32_t stage = smem_addr(smem + size_t(s) * kStageRows * kPitch);
    const uint32_t a_lane = stage + (lane % 16) * kPitch + (lane / 16) * 16;
    const uint32_t b_lane = stage + (kRows + lane % 8) * kPitch + ((lane / 8) % 2) * 16;
    // This warp's contiguous share of the unit's k16 steps, four at a time: the fragments of
    // four steps loaded before their MMAs, so the loads overlap.
    int ks = steps * w / kConsumerWarps;
#ifdef NO_MATH  // timing the copies alone: the stage is released unread (C is wrong)
    const int ks_end = ks;
#else
    const int ks_end = steps * (w + 1) / kConsumerWarps;
#endif
    for (; ks < ks_end; ks += kUnroll) {
      const int n_steps = min(kUnroll, ks_end - ks);
      uint32_t af[kUnroll][4], bf[kUnroll][kNT][2];
#pragma unroll
      for (int i = 0; i < kUnroll; ++i) {
        if (i >= n_steps) break;
        asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0,%1,%2,%3}, [%4];"
                     : "=r"(af[i][0]), "=r"(af[i][1]), "=r"(af[i][2]), "=r"(af[i][3])
                     : "r"(a_lane + (ks + i) * 32));
#pragma unroll
        for (int nt = 0; nt < kNT; ++nt)
          asm volatile("ldmatrix.sync.aligned.m8n8.x2.shared.b16 {%0,%1}, [%2];"
                       : "=r"(bf[i][nt][0]), "=r"(bf[i][nt][1])
                       : "r"(b_lane + nt * 8 * kPitch + (ks + i) * 32));
      }
#pragma unroll
      for (int i = 0; i < kUnroll; ++i) {
        if (i >= n_steps) break;
#pragma unroll
        for (int nt = 0; nt < kNT; ++nt) {
          float* d = acc[i % 2][nt];
          asm volatile(
              "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0,%1,%2,%3}, "
              "{%4,%5,%6,%7}, {%8,%9}, {%0,%1,%2,%3};"
              : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
              : "r"(af[i][0]), "r"(af[i][1]), "r"(af[i][2]), "r"(af[i][3]), "r"(bf[i][nt][0]),
                "r"(bf[i][nt][1]));
        }
      }
    }
    __syncwarp();
    if (lane == 0) mbar_arrive(&empty[s]);
    if (j != chunks - 1 && u != last - 1) continue;
    // The row block's end in this CTA: the consumer warps' sums, in warp order.
    constexpr int kCols = 8 * kNT, kElems = kRows * kCols;
    asm volatile("bar.sync 1, %0;" ::"n"(32 * kConsumerWarps));
#pragma unroll
    for (int nt = 0; nt < kNT; ++nt)
#pragma unroll
      for (int i = 0; i < 4; ++i) {
        const int row = lane / 4 + (i / 2) * 8, col = nt * 8 + (lane % 4) * 2 + i % 2;
        red[w][row * kCols + col] = acc[0][nt][i] + acc[1][nt][i];
        acc[0][nt][i] = acc[1][nt][i] = 0.f;
      }
    asm volatile("bar.sync 1, %0;" ::"n"(32 * kConsumerWarps));
    const int t = threadIdx.x - 32;
    const long long head = (long long)rb * chunks, tail = head + chunks - 1;
    const int lo = owner_of(head, units, grid), hi = owner_of(tail, units, grid);
    auto warp_sum = [&](int e) {  // in warp order: deterministic
      float v = 0.f;
#pragma unroll
      for (int q = 0; q < kConsumerWarps; ++q) v += red[q][e];
      return v;
    };
    auto store = [&](int e, float v) {
      const int row = e / kCols, tok = e % kCols, n = rb * kRows + row;
      if (tok < a.m && n < a.n)
        a.c[size_t(tok) * a.n + n] = u16(__half_as_ushort(__float2half_rn(v)));
    };
    if (lo == hi) {
      for (int e = t; e < kElems; e += 32 * kConsumerWarps) store(e, warp_sum(e));
    } else {
      float* mine = a.partial + (size_t(rb) * a.max_slots + (b - lo)) * kElems;
      for (int e = t; e < kElems; e += 32 * kConsumerWarps) mine[e] = warp_sum(e);
      __threadfence();
      asm volatile("bar.sync 1, %0;" ::"n"(32 * kConsumerWarps));
      if (t == 0) last_flag = atomicAdd(&a.arrived[rb], 1) == hi - lo;
      asm volatile("bar.sync 1, %0;" ::"n"(32 * kConsumerWarps));
      if (last_flag) {
        __threadfence();
        const float* slots = a.partial + size_t(rb) * a.max_slots * kElems;
        for (int e = t; e < kElems; e += 32 * kConsumerWarps) {
          float v = 0.f;
          for (int q = 0; q <= hi - lo; ++q) v += __ldcg(slots + size_t(q) * kElems + e);
          store(e, v);
        }
        if (t == 0) a.arrived[rb] = 0;
      }
    }
  }
}

int main() {
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const int ms[] = {1, 8, 16};
  const int nks[][2] = {{5120, 13824}, {13824, 5120}, {5120, 5120}};
  ProbeBuffers buf(13824LL * 5120, 16LL * 13824, 16LL * 13824);
  float* partial = nullptr;
  int* arrived = nullptr;
  CK(cudaMalloc(&partial, size_t(64) << 20));
  CK(cudaMalloc(&arrived, 4096 * sizeof(int)));
  CK(cudaMemset(arrived, 0, 4096 * sizeof(int)));
  std::printf("M,N,K,grid,stages,median_us,min_us,max_us,tbps,rel_err\n");
  for (const auto& nk : nks)
    for (int m : ms)
      for (int grid : {sms, sms - 12}) {
        const int n = nk[0], k = nk[1], nt = m <= 8 ? 1 : 2;
        const int stage_bytes = (kRows + 8 * nt) * kPitch;
        const int stages = std::min(kMaxStages, (220 * 1024) / stage_bytes);
        const int chunks = (k + kChunk - 1) / kChunk, blocks = (n + kRows - 1) / kRows;
        const long long units = (long long)blocks * chunks;
        int max_slots = 1;
        for (int rb = 0; rb < blocks; ++rb) {
          const long long head = (long long)rb * chunks, tail = head + chunks - 1;
          const int lo = owner_of(head, units, grid), hi = owner_of(tail, units, grid);
          max_slots = std::max(max_slots, hi - lo + 1);
        }
        const Args args{buf.w, buf.x, buf.c, partial, arrived, m, n, k, stages, max_slots};
        const int smem = stages * stage_bytes;
        auto kernel = nt == 1 ? rowstream<1> : rowstream<2>;
        CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
        auto launch = [&] { kernel<<<grid, 32 * (1 + kConsumerWarps), smem, buf.stream>>>(args); };
        const double ref_max = buf.reference_of(m, n, k);
        poison<<<256, 256>>>(buf.c, (long long)m * n);
        CK(cudaDeviceSynchronize());
        launch();
        CK(cudaStreamSynchronize(buf.stream));
        CK(cudaGetLastError());
        CK(cudaMemcpy(buf.hc.data(), buf.c, size_t(m) * n * 2, cudaMemcpyDeviceToHost));
        double err = 0;
        for (long long i = 0; i < (long long)m * n; ++i) {
          const float v = __half2float(__ushort_as_half(buf.hc[i]));
          err = std::max(err, std::isfinite(v) ? std::fabs(v - buf.href[i]) / ref_max : 1e30);
        }
        const std::vector<float> t = buf.time_launches(launch);
        const double bytes = 2.0 * ((double)n * k + (double)m * k + (double)m * n);
        std::printf("%d,%d,%d,%d,%d,%.2f,%.2f,%.2f,%.3f,%.2e\n", m, n, k, grid, stages, t[3], t[0],
                    t[6], bytes / t[3] / 1e6, err);
        std::fflush(stdout);
      }
  return 0;
}
