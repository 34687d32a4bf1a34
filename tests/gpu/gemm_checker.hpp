// What every GPU test of a GEMM path does: device buffers for one problem at a time, fresh
// N(0,1) inputs with C poisoned, and the verdict against the harness's fp32 reference.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <stdexcept>

#include "autogemm/types.hpp"
#include "bench/check_rule.hpp"
#include "bench/kernels.hpp"

namespace autogemm::test {

class GemmChecker {
 public:
  // Buffers for problems of up to `max_elems` elements per matrix.
  explicit GemmChecker(int64_t max_elems) : max_elems_(max_elems) {
    if (cudaMalloc(&a_, max_elems * 2) != cudaSuccess ||
        cudaMalloc(&b_, max_elems * 2) != cudaSuccess ||
        cudaMalloc(&c_, max_elems * 2) != cudaSuccess ||
        cudaMalloc(&c0_, max_elems * 2) != cudaSuccess ||
        cudaMalloc(&ref_, max_elems * 4) != cudaSuccess)
      throw std::runtime_error("GemmChecker: cudaMalloc failed");
    accum_ = bench::alloc_compare_accum();
  }
  ~GemmChecker() {
    bench::free_compare_accum(accum_);
    cudaFree(a_);
    cudaFree(b_);
    cudaFree(c_);
    cudaFree(c0_);
    cudaFree(ref_);
  }
  GemmChecker(const GemmChecker&) = delete;
  GemmChecker& operator=(const GemmChecker&) = delete;

  const void* a() const { return a_; }
  const void* b() const { return b_; }
  void* c() const { return c_; }

  // Fresh inputs for `p` (B in p's layout, both layouts holding the same matrix), C poisoned.
  void prepare(const Problem& p, uint64_t seed) {
    const Shape& s = p.shape;
    if (s.m * s.k > max_elems_ || s.k * s.n > max_elems_ || s.m * s.n > max_elems_)
      throw std::runtime_error("GemmChecker: problem larger than its buffers");
    bench::fill_matrix(a_, p.dtype, s.m, s.k, false, seed, bench::DataDist::normal, nullptr);
    bench::fill_matrix(b_, p.dtype, s.k, s.n, p.layout == Layout::tn, seed + 1,
                       bench::DataDist::normal, nullptr);
    bench::poison(c_, s.m * s.n, nullptr);
  }

  // For a scaled GEMM (C = alpha·A·B + beta·C): after prepare(), C holds fresh N(0,1) values
  // (a copy is kept for the reference) instead of the poison.
  void fill_addend(const Problem& p, uint64_t seed) {
    const Shape& s = p.shape;
    bench::fill_matrix(c_, p.dtype, s.m, s.n, false, seed, bench::DataDist::normal, nullptr);
    if (cudaMemcpy(c0_, c_, s.m * s.n * 2, cudaMemcpyDeviceToDevice) != cudaSuccess)
      throw std::runtime_error("GemmChecker: cudaMemcpy failed");
  }

  // C (written by the path under test) against the fp32 reference of the prepared inputs:
  // alpha·A·B + beta·C0, C0 the addend of fill_addend() (beta 0: none).
  bench::CheckResult check(const Problem& p, float alpha = 1.0f, float beta = 0.0f) {
    bench::reference_gemm(a_, b_, p.layout, ref_, p.dtype, p.shape, nullptr);
    if (alpha != 1.0f || beta != 0.0f)
      bench::scale_reference(ref_, c0_, p.dtype, p.shape.m * p.shape.n, alpha, beta, nullptr);
    const auto sums =
        bench::compare_output(c_, ref_, p.dtype, p.shape.m * p.shape.n, accum_, nullptr);
    return bench::judge(sums, p.dtype, p.acc, p.shape.k);
  }

 private:
  int64_t max_elems_;
  void *a_ = nullptr, *b_ = nullptr, *c_ = nullptr, *c0_ = nullptr;
  float* ref_ = nullptr;
  bench::CompareAccum* accum_ = nullptr;
};

}  // namespace autogemm::test
