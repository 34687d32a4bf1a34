// The fp32 reference GEMM: a classic shared-memory-tiled SIMT kernel. It is deliberately
// independent of cuBLAS and of our tensor-core kernels, and fast enough (~25-40 TFLOP/s of
// fp32 FMA on an H200, estimated) that checking every shape of the 1,000-shape grid
// (1.8e14 flop) costs seconds.
//
// Block tile 128×128, K step 16, 256 threads; each thread owns an 8×8 patch of C split as
// rows {ty*4..+3, 64+ty*4..+3} × cols {tx*4..+3, 64+tx*4..+3}, so its shared-memory reads are
// float4s that a warp reads without bank conflicts. The next K step's global loads are issued
// into registers before the current step's math, hiding their latency. Bounds checks on every
// load make any M, N, K work, and elements are loaded one by one so no alignment is assumed.
#include <algorithm>

#include "bench/dtype_convert.cuh"
#include "bench/kernels.hpp"
#include "core/cuda_check.hpp"

namespace autogemm::bench {
namespace {

constexpr int kBM = 128, kBN = 128, kBK = 16, kThreads = 256;
constexpr int kPad = 4;  // keeps rows 16-byte aligned and spreads transposed stores over banks
constexpr int kPerThread = kBM * kBK / kThreads;  // 8 elements of A and 8 of B per thread
static_assert(kBN * kBK / kThreads == kPerThread);

template <typename T, bool kBStoredNK>
__global__ void __launch_bounds__(kThreads, 2)
    reference_gemm_kernel(const T* __restrict__ a, const T* __restrict__ b, float* __restrict__ c,
                          int64_t M, int64_t N, int64_t K) {
  __shared__ __align__(16) float as[kBK][kBM + kPad];  // A tile, k-major
  __shared__ __align__(16) float bs[kBK][kBN + kPad];  // B tile, k-major

  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int64_t m0 = int64_t(blockIdx.y) * kBM, n0 = int64_t(blockIdx.x) * kBN;

  // Each thread loads kPerThread elements of each tile. A tile (kBM rows × kBK): the thread's
  // k is fixed (tid % 16, so a warp reads runs of 16 consecutive k) and its rows are
  // tid / 16 + 16 i. B stored N×K (tn) is read the same way, with n for rows. Row-major B (nn,
  // kBK × kBN): the thread's column is fixed (tid % 128, coalesced along n) and its k rows are
  // tid / 128 + 2 i. Pointers advance by one K step per tile; only small offsets are recomputed.
  constexpr int kRowStep = kThreads / kBK;  // 16
  constexpr int kKStepNN = kThreads / kBN;  // 2
  const int fixed_k = tid % kBK, first_row = tid / kBK;
  const int nn_col = tid % kBN, nn_first_k = tid / kBN;
  const T* a_ptr = a + (m0 + first_row) * K + fixed_k;
  const T* b_ptr =
      kBStoredNK ? b + (n0 + first_row) * K + fixed_k : b + int64_t(nn_first_k) * N + n0 + nn_col;
  const int64_t a_stride = int64_t(kRowStep) * K;
  const int64_t b_stride = kBStoredNK ? int64_t(kRowStep) * K : int64_t(kKStepNN) * N;
  const int64_t b_advance = kBStoredNK ? kBK : int64_t(kBK) * N;

  float ra[kPerThread], rb[kPerThread];
  auto load = [&](int64_t k0) {
    const bool a_k_ok = k0 + fixed_k < K;
#pragma unroll
    for (int i = 0; i < kPerThread; ++i) {
      const bool a_ok = a_k_ok && m0 + first_row + kRowStep * i < M;
      ra[i] = a_ok ? to_float(a_ptr[i * a_stride]) : 0.0f;
      const bool b_ok = kBStoredNK ? (a_k_ok && n0 + first_row + kRowStep * i < N)
                                   : (k0 + nn_first_k + kKStepNN * i < K && n0 + nn_col < N);
      rb[i] = b_ok ? to_float(b_ptr[i * b_stride]) : 0.0f;
    }
    a_ptr += kBK;
    b_ptr += b_advance;
  };
  auto store = [&] {
#pragma unroll
    for (int i = 0; i < kPerThread; ++i) {
      as[fixed_k][first_row + kRowStep * i] = ra[i];
      if (kBStoredNK)
        bs[fixed_k][first_row + kRowStep * i] = rb[i];
      else
        bs[nn_first_k + kKStepNN * i][nn_col] = rb[i];
    }
  };

  float acc[8][8];
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j) acc[i][j] = 0.0f;

  load(0);
  for (int64_t k0 = 0; k0 < K; k0 += kBK) {
    store();
    __syncthreads();
    if (k0 + kBK < K) load(k0 + kBK);  // next tile's loads overlap this tile's math
#pragma unroll
    for (int kk = 0; kk < kBK; ++kk) {
      const float4 a0 = *reinterpret_cast<const float4*>(&as[kk][ty * 4]);
      const float4 a1 = *reinterpret_cast<const float4*>(&as[kk][64 + ty * 4]);
      const float4 b0 = *reinterpret_cast<const float4*>(&bs[kk][tx * 4]);
      const float4 b1 = *reinterpret_cast<const float4*>(&bs[kk][64 + tx * 4]);
      const float av[8] = {a0.x, a0.y, a0.z, a0.w, a1.x, a1.y, a1.z, a1.w};
      const float bv[8] = {b0.x, b0.y, b0.z, b0.w, b1.x, b1.y, b1.z, b1.w};
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j) acc[i][j] = fmaf(av[i], bv[j], acc[i][j]);
    }
    __syncthreads();  // everyone is done reading before the next tile is stored
  }

#pragma unroll
  for (int i = 0; i < 8; ++i) {
    const int64_t gm = m0 + (i < 4 ? ty * 4 + i : 64 + ty * 4 + (i - 4));
    if (gm >= M) continue;
#pragma unroll
    for (int j = 0; j < 8; ++j) {
      const int64_t gn = n0 + (j < 4 ? tx * 4 + j : 64 + tx * 4 + (j - 4));
      if (gn < N) c[gm * N + gn] = acc[i][j];
    }
  }
}

template <typename T>
void launch(const void* a, const void* b, Layout layout, float* ref, const Shape& s,
            cudaStream_t stream) {
  const dim3 grid(unsigned((s.n + kBN - 1) / kBN), unsigned((s.m + kBM - 1) / kBM));
  if (grid.y > 65535) throw Error("reference GEMM: M too large for the grid");
  const T* pa = static_cast<const T*>(a);
  const T* pb = static_cast<const T*>(b);
  if (layout == Layout::nn)
    reference_gemm_kernel<T, false><<<grid, kThreads, 0, stream>>>(pa, pb, ref, s.m, s.n, s.k);
  else
    reference_gemm_kernel<T, true><<<grid, kThreads, 0, stream>>>(pa, pb, ref, s.m, s.n, s.k);
}

}  // namespace

void reference_gemm(const void* a, const void* b, Layout layout, float* ref, DType dtype,
                    const Shape& shape, cudaStream_t stream) {
  if (shape.m <= 0 || shape.n <= 0 || shape.k <= 0) throw Error("reference GEMM: empty shape");
  if (dtype == DType::f16)
    launch<__half>(a, b, layout, ref, shape, stream);
  else
    launch<__nv_bfloat16>(a, b, layout, ref, shape, stream);
  check_cuda(cudaGetLastError(), "reference GEMM launch");
}

namespace {

template <typename T>
__global__ void scale_reference_kernel(float* ref, const T* c0, int64_t count, float alpha,
                                       float beta) {
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < count;
       i += int64_t(gridDim.x) * blockDim.x)
    ref[i] = alpha * ref[i] + (beta == 0.0f ? 0.0f : beta * to_float(c0[i]));
}

}  // namespace

void scale_reference(float* ref, const void* c0, DType dtype, int64_t count, float alpha,
                     float beta, cudaStream_t stream) {
  if (count <= 0) throw Error("scale_reference: nothing to scale");
  const unsigned blocks = unsigned(std::min<int64_t>((count + 255) / 256, 4096));
  if (dtype == DType::f16)
    scale_reference_kernel<<<blocks, 256, 0, stream>>>(ref, static_cast<const __half*>(c0), count,
                                                       alpha, beta);
  else
    scale_reference_kernel<<<blocks, 256, 0, stream>>>(ref, static_cast<const __nv_bfloat16*>(c0),
                                                       count, alpha, beta);
  check_cuda(cudaGetLastError(), "scale_reference launch");
}

}  // namespace autogemm::bench
