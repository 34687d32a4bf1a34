// Output check: sums of squared differences and of the squared reference, the largest absolute
// difference, and a count of non-finite outputs, over all of C, in one pass.
#include <algorithm>
#include <cstring>

#include "bench/dtype_convert.cuh"
#include "bench/kernels.hpp"
#include "core/cuda_check.hpp"
#include "core/hang_guard.hpp"

namespace autogemm::bench {

struct CompareAccum {
  double diff_sq;
  double ref_sq;
  unsigned int max_abs_bits;  // a non-negative float's bits order like the float
  unsigned long long nonfinite;
};

namespace {

constexpr int kThreads = 256;

template <typename T>
__global__ void __launch_bounds__(kThreads)
    compare_kernel(const T* __restrict__ c, const float* __restrict__ ref, int64_t count,
                   CompareAccum* out) {
  double d2 = 0, r2 = 0;
  float mx = 0;
  unsigned long long bad = 0;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < count;
       i += int64_t(gridDim.x) * blockDim.x) {
    const float v = to_float(c[i]), r = ref[i];
    if (!isfinite(v)) {
      ++bad;
      continue;
    }
    const double d = double(v) - double(r);
    d2 += d * d;
    r2 += double(r) * double(r);
    mx = fmaxf(mx, float(fabs(d)));
  }
  // Warp, then block reduction; one set of atomics per block.
  for (int off = 16; off > 0; off /= 2) {
    d2 += __shfl_down_sync(0xffffffffu, d2, off);
    r2 += __shfl_down_sync(0xffffffffu, r2, off);
    mx = fmaxf(mx, __shfl_down_sync(0xffffffffu, mx, off));
    bad += __shfl_down_sync(0xffffffffu, bad, off);
  }
  __shared__ double s_d2[kThreads / 32], s_r2[kThreads / 32];
  __shared__ float s_mx[kThreads / 32];
  __shared__ unsigned long long s_bad[kThreads / 32];
  const int warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0) {
    s_d2[warp] = d2;
    s_r2[warp] = r2;
    s_mx[warp] = mx;
    s_bad[warp] = bad;
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int w = 1; w < kThreads / 32; ++w) {
      d2 += s_d2[w];
      r2 += s_r2[w];
      mx = fmaxf(mx, s_mx[w]);
      bad += s_bad[w];
    }
    atomicAdd(&out->diff_sq, d2);
    atomicAdd(&out->ref_sq, r2);
    atomicMax(&out->max_abs_bits, __float_as_uint(mx));
    atomicAdd(&out->nonfinite, bad);
  }
}

}  // namespace

CompareAccum* alloc_compare_accum() {
  CompareAccum* p = nullptr;
  check_cuda(cudaMalloc(&p, sizeof(CompareAccum)), "cudaMalloc compare accumulators");
  return p;
}

void free_compare_accum(CompareAccum* p) {
  cudaFree(p);
}

CompareSums compare_output(const void* c, const float* ref, DType dtype, int64_t count,
                           CompareAccum* accum, cudaStream_t stream) {
  check_cuda(cudaMemsetAsync(accum, 0, sizeof(CompareAccum), stream), "compare: clear");
  const int blocks = int(std::min<int64_t>((count + kThreads - 1) / kThreads, 4096));
  if (count > 0) {
    if (dtype == DType::f16)
      compare_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const __half*>(c), ref, count,
                                                      accum);
    else
      compare_kernel<<<blocks, kThreads, 0, stream>>>(static_cast<const __nv_bfloat16*>(c), ref,
                                                      count, accum);
    check_cuda(cudaGetLastError(), "compare kernel launch");
  }
  // Wait (guarded) before copying: a copy into pageable memory blocks the host until the stream
  // gets there, which a hung kernel before it would make for ever (core/hang_guard.hpp).
  sync_stream_or_hang(stream, "compare: sync");
  CompareAccum host{};
  check_cuda(cudaMemcpyAsync(&host, accum, sizeof host, cudaMemcpyDeviceToHost, stream),
             "compare: copy back");
  CompareSums s;
  s.diff_sq = host.diff_sq;
  s.ref_sq = host.ref_sq;
  float mx;
  static_assert(sizeof mx == sizeof host.max_abs_bits);
  std::memcpy(&mx, &host.max_abs_bits, sizeof mx);
  s.max_abs = mx;
  s.nonfinite = host.nonfinite;
  s.count = uint64_t(count);
  return s;
}

}  // namespace autogemm::bench
