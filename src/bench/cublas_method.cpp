// cublas_nn / cublas_tn: cublasGemmEx with the default algorithm — what most code calls.
#include <cuda_fp16.h>

#include "bench/blas_mapping.hpp"
#include "bench/errors.hpp"
#include "bench/method_registry.hpp"

namespace autogemm::bench {
namespace {

class CublasMethod : public Method {
 public:
  CublasMethod(BlasContext& blas, Layout layout) : blas_(blas), layout_(layout) {}

  std::string name() const override { return layout_ == Layout::nn ? "cublas_nn" : "cublas_tn"; }
  Layout layout() const override { return layout_; }
  std::string spec() const override {
    return acc_ == AccType::f32 ? "cublasGemmEx default compute32F"
                                : "cublasGemmEx default compute16F";
  }

  void prepare(const Problem& p, const Operands& ops, cudaStream_t) override {
    if (p.acc == AccType::f16 && p.dtype != DType::f16)
      throw InputError("fp16 accumulation needs fp16 data");
    p_ = p;
    acc_ = p.acc;
    ops_ = ops;
    g_ = blas_gemm_args(p);
  }

  void run(cudaStream_t stream) override {
    check_cublas(cublasSetStream(blas_.blas(), stream), "cublasSetStream");
    const cudaDataType_t t = cuda_data_type(p_.dtype);
    // Scalars live on the host (the handle's default pointer mode), typed as the compute type.
    const float one_f = ops_.scaling.alpha, zero_f = ops_.scaling.beta;
    const __half one_h = __float2half(one_f), zero_h = __float2half(zero_f);
    const bool f32 = acc_ == AccType::f32;
    check_cublas(
        cublasGemmEx(blas_.blas(), g_.op_b, CUBLAS_OP_N, int(g_.m), int(g_.n), int(g_.k),
                     f32 ? static_cast<const void*>(&one_f) : &one_h, ops_.b, t, int(g_.ld_b),
                     ops_.a, t, int(g_.ld_a), f32 ? static_cast<const void*>(&zero_f) : &zero_h,
                     ops_.c, t, int(g_.ld_c), f32 ? CUBLAS_COMPUTE_32F : CUBLAS_COMPUTE_16F,
                     CUBLAS_GEMM_DEFAULT),
        "cublasGemmEx");
  }

 private:
  BlasContext& blas_;
  Layout layout_;
  Problem p_;
  AccType acc_ = AccType::f32;
  Operands ops_;
  BlasGemmArgs g_{};
};

}  // namespace

MethodPtr make_cublas_method(BlasContext& blas, Layout layout) {
  return std::make_unique<CublasMethod>(blas, layout);
}

}  // namespace autogemm::bench
