#include "bench/cublaslt_gemm.hpp"

#include "bench/blas_mapping.hpp"
#include "bench/errors.hpp"

namespace autogemm::bench {

void LtGemm::destroy() {
  if (pref_) cublasLtMatmulPreferenceDestroy(pref_);
  if (lc_) cublasLtMatrixLayoutDestroy(lc_);
  if (la_) cublasLtMatrixLayoutDestroy(la_);
  if (lb_) cublasLtMatrixLayoutDestroy(lb_);
  if (op_) cublasLtMatmulDescDestroy(op_);
  pref_ = nullptr;
  lc_ = la_ = lb_ = nullptr;
  op_ = nullptr;
}

void LtGemm::setup(const Problem& p, const Operands& ops) {
  if (p.acc == AccType::f16 && p.dtype != DType::f16)
    throw InputError("fp16 accumulation needs fp16 data");
  destroy();
  ops_ = ops;
  f32_ = p.acc == AccType::f32;
  alpha_f_ = ops.scaling.alpha;
  beta_f_ = ops.scaling.beta;
  alpha_h_ = __float2half(alpha_f_);
  beta_h_ = __float2half(beta_f_);
  const BlasGemmArgs g = blas_gemm_args(p);
  const cudaDataType_t t = cuda_data_type(p.dtype);
  check_cublas(cublasLtMatmulDescCreate(&op_, f32_ ? CUBLAS_COMPUTE_32F : CUBLAS_COMPUTE_16F,
                                        f32_ ? CUDA_R_32F : CUDA_R_16F),
               "cublasLtMatmulDescCreate");
  const cublasOperation_t op_b = g.op_b, op_a = CUBLAS_OP_N;
  check_cublas(cublasLtMatmulDescSetAttribute(op_, CUBLASLT_MATMUL_DESC_TRANSA, &op_b, sizeof op_b),
               "set TRANSA");
  check_cublas(cublasLtMatmulDescSetAttribute(op_, CUBLASLT_MATMUL_DESC_TRANSB, &op_a, sizeof op_a),
               "set TRANSB");
  check_cublas(cublasLtMatrixLayoutCreate(&lb_, t, uint64_t(g.b_rows), uint64_t(g.b_cols), g.ld_b),
               "layout B");
  check_cublas(cublasLtMatrixLayoutCreate(&la_, t, uint64_t(g.k), uint64_t(g.n), g.ld_a),
               "layout A");
  check_cublas(cublasLtMatrixLayoutCreate(&lc_, t, uint64_t(g.m), uint64_t(g.n), g.ld_c),
               "layout C");
  check_cublas(cublasLtMatmulPreferenceCreate(&pref_), "cublasLtMatmulPreferenceCreate");
  const uint64_t ws = blas_.workspace_bytes();
  check_cublas(cublasLtMatmulPreferenceSetAttribute(pref_, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                    &ws, sizeof ws),
               "set max workspace");
}

std::vector<cublasLtMatmulHeuristicResult_t> LtGemm::heuristics(int requested) const {
  std::vector<cublasLtMatmulHeuristicResult_t> results(static_cast<size_t>(requested));
  int returned = 0;
  check_cublas(cublasLtMatmulAlgoGetHeuristic(blas_.lt(), op_, lb_, la_, lc_, lc_, pref_, requested,
                                              results.data(), &returned),
               "cublasLtMatmulAlgoGetHeuristic");
  results.resize(size_t(returned));
  std::erase_if(results, [](const auto& r) { return r.state != CUBLAS_STATUS_SUCCESS; });
  if (results.empty()) throw Error("cuBLASLt heuristic returned no algorithm");
  return results;
}

void LtGemm::run(const cublasLtMatmulAlgo_t& algo, cudaStream_t stream) const {
  const void* one = f32_ ? static_cast<const void*>(&alpha_f_) : &alpha_h_;
  const void* zero = f32_ ? static_cast<const void*>(&beta_f_) : &beta_h_;
  check_cublas(
      cublasLtMatmul(blas_.lt(), op_, one, ops_.b, lb_, ops_.a, la_, zero, ops_.c, lc_, ops_.c, lc_,
                     &algo, blas_.workspace(), blas_.workspace_bytes(), stream),
      "cublasLtMatmul");
}

bool LtGemm::check(const cublasLtMatmulAlgo_t& algo,
                   cublasLtMatmulHeuristicResult_t& result) const {
  result = {};
  if (cublasLtMatmulAlgoCheck(blas_.lt(), op_, lb_, la_, lc_, lc_, &algo, &result) !=
          CUBLAS_STATUS_SUCCESS ||
      result.state != CUBLAS_STATUS_SUCCESS || result.workspaceSize > blas_.workspace_bytes())
    return false;
  result.algo = algo;
  return true;
}

std::string describe_algo(const cublasLtMatmulHeuristicResult_t& h) {
  auto get = [&](cublasLtMatmulAlgoConfigAttributes_t attr) -> long long {
    // Attributes differ in width (16 or 32 bits) and cuBLASLt wants the exact size: ask for
    // it first, then read into a zeroed 64-bit value (little-endian x86-64).
    size_t size = 0, written = 0;
    uint64_t v = 0;
    if (cublasLtMatmulAlgoConfigGetAttribute(&h.algo, attr, nullptr, 0, &size) !=
            CUBLAS_STATUS_SUCCESS ||
        size == 0 || size > sizeof v ||
        cublasLtMatmulAlgoConfigGetAttribute(&h.algo, attr, &v, size, &written) !=
            CUBLAS_STATUS_SUCCESS)
      return -1;
    return static_cast<long long>(v);
  };
  return "id=" + std::to_string(get(CUBLASLT_ALGO_CONFIG_ID)) +
         " tile=" + std::to_string(get(CUBLASLT_ALGO_CONFIG_TILE_ID)) +
         " stages=" + std::to_string(get(CUBLASLT_ALGO_CONFIG_STAGES_ID)) +
         " splitk=" + std::to_string(get(CUBLASLT_ALGO_CONFIG_SPLITK_NUM)) +
         " reduction=" + std::to_string(get(CUBLASLT_ALGO_CONFIG_REDUCTION_SCHEME)) +
         " swizzle=" + std::to_string(get(CUBLASLT_ALGO_CONFIG_CTA_SWIZZLING)) +
         " cluster=" + std::to_string(get(CUBLASLT_ALGO_CONFIG_CLUSTER_SHAPE_ID)) +
         " ws=" + std::to_string(h.workspaceSize);
}

}  // namespace autogemm::bench
