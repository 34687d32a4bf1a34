// Session 46: what the H200's tensor cores do at the 700 W cap with nothing but wgmma (notes 322).
// Issue 3 asks 1.03x of cuBLASLt on shapes where every kernel runs at the power cap (notes 92,
// 183-186): there time follows energy per flop. This kernel is a GEMM mainloop without its
// loads: each warpgroup issues m64nNk16 wgmmas from operands that sit in shared memory (N(0,1)
// fp16, or zeros), k-blocks of four k16 steps, one k-block's MMAs in flight, as our consumers
// do. No TMA, L2, DRAM or epilogue: its TFLOP/s at the cap bounds any kernel of that structure,
// and its flops per SM cycle bound the structure at any clock.
// Structures (warpgroups W issuing at once, m64 blocks per warpgroup MI, wgmma width N):
//   1x2x192  the ping-pong 128x192 mainloop (one warpgroup at a time)
//   2x1x256  cooperative 128x256          2x2x128  cooperative 256x128 (cuBLASLt's large tile)
//   2x2x192  cooperative 256x192          3x1x192  three warpgroups, 192x192
//   2x2x192s two ping-pong warpgroups at once, each its own B
// Each runs back to back for SECONDS (default 2) per data kind; the host prints per run the wall
// window, TFLOP/s over its last half, and the SM clock and flops per SM cycle the kernel measured
// (clock64 against %globaltimer). Board power comes from `nvidia-smi` sampled beside it (the
// script mma_ceiling_probe.sh). Prints CSV:
// structure,data,start_ms,end_ms,tflops,sm_mhz,flops_per_sm_cycle,peak_fraction
//   nvcc -O3 -std=c++20 -arch=sm_90a -o mma_ceiling_probe scripts/runs/mma_ceiling_probe.cu
#include <cuda_runtime.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../../include/autogemm/sm90/wgmma_ops.cuh"
#include "probe_data.cuh"

using namespace autogemm::sm90;

// Per SM and cycle, dense fp16 with fp32 accumulation: 989.4 TFLOP/s / (132 SMs * 1830 MHz).
constexpr double kPeakFlopsPerSmCycle = 4096.0;

struct Clocks {
  unsigned long long cycles, ns;
};

// kSeparateB: each warpgroup reads its own B (two ping-pong tiles at once); else all share it.
template <int kW, int kMI, int kN, bool kSeparateB>
__global__ void __launch_bounds__(128 * kW, 1)
    mma_loop(const u16* src, long long src_chunks, long long iters, float* sink, Clocks* clocks) {
  extern __shared__ __align__(1024) u8 smem_raw[];
  u8* smem = reinterpret_cast<u8*>((reinterpret_cast<u64>(smem_raw) + 1023) & ~u64(1023));
  constexpr int kABytes = kW * kMI * 64 * 128;  // 64 k of each row: one 128-byte swizzled row
  constexpr int kBBytes = (kSeparateB ? kW : 1) * kN * 128;
  // Operands: 16-byte chunks of the source (N(0,1) or zeros), a different stretch per CTA.
  for (int i = threadIdx.x; i < (kABytes + kBBytes) / 16; i += blockDim.x)
    reinterpret_cast<uint4*>(smem)[i] =
        reinterpret_cast<const uint4*>(src)[(blockIdx.x * 4099LL + i) % src_chunks];
  fence_proxy_async_smem();  // the generic writes, seen by the wgmmas' async proxy
  __syncthreads();
  const int wg = threadIdx.x / 128;
  const u64 a0 = smem_descriptor_sw128(smem + wg * kMI * 64 * 128, 16, 1024);
  const u64 b0 = smem_descriptor_sw128(smem + kABytes + (kSeparateB ? wg * kN * 128 : 0), 16, 1024);
  float acc[kMI][kN / 2];
#pragma unroll
  for (int mi = 0; mi < kMI; ++mi)
#pragma unroll
    for (int i = 0; i < kN / 2; ++i) acc[mi][i] = 0.f;
  unsigned long long t0, t1;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  const long long c0 = clock64();
  for (long long it = 0; it < iters; ++it) {
    wgmma_fence();
#pragma unroll
    for (int k16 = 0; k16 < 4; ++k16)
#pragma unroll
      for (int mi = 0; mi < kMI; ++mi)  // consecutive wgmmas share B, as in our consumers
        Wgmma<kN, ElemType::kF16>::template mma<false>(
            acc[mi], a0 + u64((mi * 64 * 128 + k16 * 32) >> 4), b0 + u64((k16 * 32) >> 4), 1);
    wgmma_commit();
    wgmma_wait<1>();
  }
  wgmma_wait<0>();
  const long long c1 = clock64();
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
  float s = 0.f;
#pragma unroll
  for (int mi = 0; mi < kMI; ++mi)
#pragma unroll
    for (int i = 0; i < kN / 2; ++i) s += acc[mi][i];
  sink[blockIdx.x * blockDim.x + threadIdx.x] = s;
  if (threadIdx.x == 0) clocks[blockIdx.x] = Clocks{(unsigned long long)(c1 - c0), t1 - t0};
}

double now_ms() {
  return std::chrono::duration<double, std::milli>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

template <int kW, int kMI, int kN, bool kSeparateB>
void run(const char* name, const char* data, const u16* src, long long src_chunks, int sms,
         double seconds, float* sink, Clocks* clocks) {
  auto kernel = mma_loop<kW, kMI, kN, kSeparateB>;
  const int smem = kW * kMI * 64 * 128 + (kSeparateB ? kW : 1) * kN * 128 + 1024;
  CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
  // Size one launch to ~10 ms at ~650 TFLOP/s.
  const double flops_per_iter = 2.0 * kW * kMI * 64 * kN * 64;  // per CTA
  const long long iters = (long long)(650e12 * 0.010 / sms / flops_per_iter);
  cudaEvent_t e0, e1;
  CK(cudaEventCreate(&e0));
  CK(cudaEventCreate(&e1));
  const double start = now_ms();
  double window_ms = 0, window_flops = 0;
  std::vector<Clocks> h(sms);
  double cycles = 0, ns = 0;
  while (now_ms() - start < seconds * 1000) {
    CK(cudaEventRecord(e0));
    kernel<<<sms, 128 * kW, smem>>>(src, src_chunks, iters, sink, clocks);
    CK(cudaEventRecord(e1));
    CK(cudaEventSynchronize(e1));
    if (now_ms() - start > seconds * 500) {  // the last half: steady at the cap
      float ms = 0;
      CK(cudaEventElapsedTime(&ms, e0, e1));
      window_ms += ms;
      window_flops += flops_per_iter * iters * sms;
      CK(cudaMemcpy(h.data(), clocks, sms * sizeof(Clocks), cudaMemcpyDeviceToHost));
      for (const Clocks& c : h) cycles += double(c.cycles), ns += double(c.ns);
    }
  }
  CK(cudaGetLastError());
  const double end = now_ms();
  const double tflops = window_flops / (window_ms * 1e-3) / 1e12;
  const double mhz = cycles / ns * 1e3;
  // Work per SM cycle over the window: its flops per CTA against its cycles per CTA.
  const double per_cycle = window_flops / sms / (cycles / sms);
  printf("%s,%s,%.0f,%.0f,%.1f,%.0f,%.0f,%.4f\n", name, data, start, end, tflops, mhz, per_cycle,
         per_cycle / kPeakFlopsPerSmCycle);
  fflush(stdout);
  CK(cudaEventDestroy(e0));
  CK(cudaEventDestroy(e1));
}

int main(int argc, char** argv) {
  const double seconds = argc > 1 ? atof(argv[1]) : 2.0;
  int sms = 0;
  CK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  const long long elems = 1 << 24;  // 32 MB of operands to draw from
  u16 *normal, *zeros;
  CK(cudaMalloc(&normal, elems * 2));
  CK(cudaMalloc(&zeros, elems * 2));
  fill_normal<<<1024, 256>>>(normal, elems, 4601);
  CK(cudaMemset(zeros, 0, elems * 2));
  float* sink;
  Clocks* clocks;
  CK(cudaMalloc(&sink, sms * 512 * sizeof(float)));
  CK(cudaMalloc(&clocks, sms * sizeof(Clocks)));
  CK(cudaDeviceSynchronize());
  printf("structure,data,start_ms,end_ms,tflops,sm_mhz,flops_per_sm_cycle,peak_fraction\n");
  const long long chunks = elems * 2 / 16;
  for (int d = 0; d < 2; ++d) {
    const char* data = d == 0 ? "normal" : "zeros";
    const u16* src = d == 0 ? normal : zeros;
    run<1, 2, 192, false>("1x2x192", data, src, chunks, sms, seconds, sink, clocks);
    run<2, 1, 256, false>("2x1x256", data, src, chunks, sms, seconds, sink, clocks);
    run<2, 2, 128, false>("2x2x128", data, src, chunks, sms, seconds, sink, clocks);
    run<2, 2, 192, false>("2x2x192", data, src, chunks, sms, seconds, sink, clocks);
    run<3, 1, 192, false>("3x1x192", data, src, chunks, sms, seconds, sink, clocks);
    run<2, 2, 192, true>("2x2x192s", data, src, chunks, sms, seconds, sink, clocks);
    run<1, 1, 256, false>("1x1x256", data, src, chunks, sms, seconds, sink, clocks);
  }
  return 0;
}
