// The cuBLASLt plumbing both cuBLASLt methods share: descriptors for one problem, the heuristic
// query, and one matmul with a given algorithm.
#pragma once

#include <cublasLt.h>
#include <cuda_fp16.h>

#include <string>
#include <vector>

#include "bench/blas_context.hpp"
#include "bench/method.hpp"

namespace autogemm::bench {

class LtGemm {
 public:
  explicit LtGemm(BlasContext& blas) : blas_(blas) {}
  ~LtGemm() { destroy(); }
  LtGemm(const LtGemm&) = delete;
  LtGemm& operator=(const LtGemm&) = delete;

  // (Re)creates the descriptors for `p` on `ops` (blas_mapping.hpp's operand mapping).
  void setup(const Problem& p, const Operands& ops);
  // Up to `requested` algorithms, best first by cuBLASLt's heuristic, that fit the workspace.
  // Throws Error if there is none.
  std::vector<cublasLtMatmulHeuristicResult_t> heuristics(int requested) const;
  void run(const cublasLtMatmulAlgo_t& algo, cudaStream_t stream) const;
  // cublasLtMatmulAlgoCheck: whether `algo` (e.g. kept from an earlier run) serves this problem
  // within the workspace; fills `result` (its algo included) when it does.
  bool check(const cublasLtMatmulAlgo_t& algo, cublasLtMatmulHeuristicResult_t& result) const;

 private:
  void destroy();
  BlasContext& blas_;
  Operands ops_;
  bool f32_ = true;
  // alpha and beta as the compute type (fp32, or fp16 for fp16 accumulation).
  float alpha_f_ = 1.0f, beta_f_ = 0.0f;
  __half alpha_h_ = __float2half(1.0f), beta_h_ = __float2half(0.0f);
  cublasLtMatmulDesc_t op_ = nullptr;
  cublasLtMatrixLayout_t lb_ = nullptr, la_ = nullptr, lc_ = nullptr;  // our B, A, C
  cublasLtMatmulPreference_t pref_ = nullptr;
};

// "id=21 tile=18 stages=8 splitk=1 reduction=0 swizzle=0 cluster=2 ws=0" for the CSV spec column.
std::string describe_algo(const cublasLtMatmulHeuristicResult_t& h);

}  // namespace autogemm::bench
