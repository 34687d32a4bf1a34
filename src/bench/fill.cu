#include "bench/dtype_convert.cuh"
#include "bench/kernels.hpp"
#include "bench/random.hpp"
#include "core/cuda_check.hpp"

namespace autogemm::bench {
namespace {

template <typename T>
__global__ void fill_kernel(T* p, int64_t rows, int64_t cols, bool transposed, uint64_t seed,
                            bool normal) {
  const int64_t count = rows * cols;
  for (int64_t i = blockIdx.x * int64_t(blockDim.x) + threadIdx.x; i < count;
       i += int64_t(gridDim.x) * blockDim.x) {
    // i walks storage order; the value depends only on the logical index.
    const int64_t r = transposed ? i % rows : i / cols;
    const int64_t c = transposed ? i / rows : i % cols;
    const uint64_t bits = counter_bits(seed, uint64_t(r * cols + c));
    p[i] = from_float<T>(normal ? normal_from_bits(bits) : uniform_pm1(bits));
  }
}

// Enough blocks to fill the GPU several times over; the loops are grid-stride.
int grid_for(int64_t count) {
  const int64_t blocks = (count + 255) / 256;
  return int(blocks < 8192 ? blocks : 8192);
}

}  // namespace

void fill_matrix(void* p, DType dtype, int64_t rows, int64_t cols, bool transposed, uint64_t seed,
                 DataDist dist, cudaStream_t stream) {
  const int64_t count = rows * cols;
  if (count <= 0) return;
  const bool normal = dist == DataDist::normal;
  if (dtype == DType::f16)
    fill_kernel<<<grid_for(count), 256, 0, stream>>>(static_cast<__half*>(p), rows, cols,
                                                     transposed, seed, normal);
  else
    fill_kernel<<<grid_for(count), 256, 0, stream>>>(static_cast<__nv_bfloat16*>(p), rows, cols,
                                                     transposed, seed, normal);
  check_cuda(cudaGetLastError(), "fill kernel launch");
}

void poison(void* p, int64_t count, cudaStream_t stream) {
  check_cuda(cudaMemsetAsync(p, 0xFF, size_t(count) * 2, stream), "poison (memset NaN)");
}

}  // namespace autogemm::bench
