#include "bench/device_buffers.hpp"

#include "bench/random.hpp"
#include "core/cuda_check.hpp"

namespace autogemm::bench {

DeviceBuffers::DeviceBuffers(size_t capacity_bytes, DType dtype, int outputs)
    : dtype_(dtype), outputs_(outputs), capacity_(capacity_bytes) {
  accum_ = alloc_compare_accum();
  if (capacity_ > 0) {
    cudaError_t err = cudaMalloc(&base_, capacity_);
    if (err != cudaSuccess) {
      free_compare_accum(accum_);
      check_cuda(err,
                 "cudaMalloc " + std::to_string(capacity_ >> 20) + " MiB for the bench buffers");
    }
  }
}

DeviceBuffers::~DeviceBuffers() {
  if (base_) cudaFree(base_);
  free_compare_accum(accum_);
}

void DeviceBuffers::bind(const Shape& s) {
  if (!fits(s)) throw Error("shape does not fit the bench buffers");
  shape_ = s;
  c_regions_ = outputs_that_fit(s, dtype_, outputs_, capacity_);
  r_ = plan_regions(s, dtype_, c_regions_);
}

void DeviceBuffers::fill_inputs(uint64_t seed, DataDist dist, cudaStream_t stream) {
  const Shape& s = shape_;
  fill_matrix(base_ + r_.a, dtype_, s.m, s.k, false, derive_seed(seed, 0xA), dist, stream);
  const uint64_t b_seed = derive_seed(seed, 0xB);
  fill_matrix(base_ + r_.b_nn, dtype_, s.k, s.n, false, b_seed, dist, stream);  // K×N
  fill_matrix(base_ + r_.b_tn, dtype_, s.k, s.n, true, b_seed, dist, stream);   // stored N×K
}

namespace {
// The addend's seed: fixed, so every method and shape of a run starts from the same C.
constexpr uint64_t kAddendSeed = 0xADDE4D;
}  // namespace

void DeviceBuffers::compute_reference(cudaStream_t stream, const Scaling& scaling) {
  float* ref = reinterpret_cast<float*>(base_ + r_.ref);
  reference_gemm(a(), b(Layout::nn), Layout::nn, ref, dtype_, shape_, stream);
  if (scaling.plain()) return;
  if (scaling.beta != 0.0f) prepare_output(0, scaling, stream);
  scale_reference(ref, c(0), dtype_, shape_.m * shape_.n, scaling.alpha, scaling.beta, stream);
}

void DeviceBuffers::poison_output(int output, cudaStream_t stream) {
  poison(c(output), shape_.m * shape_.n, stream);
}

void DeviceBuffers::prepare_output(int output, const Scaling& scaling, cudaStream_t stream) {
  if (scaling.beta == 0.0f)
    poison_output(output, stream);
  else
    fill_matrix(c(output), dtype_, shape_.m, shape_.n, false, kAddendSeed, DataDist::normal,
                stream);
}

CheckResult DeviceBuffers::check_output(int output, AccType acc, cudaStream_t stream) {
  const CompareSums sums =
      compare_output(c(output), ref(), dtype_, shape_.m * shape_.n, accum_, stream);
  return judge(sums, dtype_, acc, shape_.k);
}

}  // namespace autogemm::bench
