// Row-major GEMM on column-major BLAS. cuBLAS sees a row-major matrix as its transpose, so
//   C = A·B  (row-major, C M×N)   is computed as   Cᵀ (N×M) = op(B)ᵀ-view · Aᵀ-view:
// cuBLAS "A" operand = our B, "B" operand = our A, and m, n = N, M.
//   nn: B row-major K×N  = column-major N×K, ld N: op N.
//   tn: B stored N×K     = column-major K×N, ld K: op T.
//   A row-major M×K      = column-major K×M, ld K: op N.    C: column-major N×M, ld N.
#pragma once

#include <cublas_v2.h>
#include <library_types.h>

#include <cstdint>

#include "autogemm/types.hpp"

namespace autogemm::bench {

struct BlasGemmArgs {
  cublasOperation_t op_b;  // cuBLAS's transa, applied to our B
  int64_t m, n, k;         // cuBLAS's m, n, k: N, M, K
  int64_t ld_b, ld_a, ld_c;
  int64_t b_rows, b_cols;  // our B as cuBLAS stores it (column-major)
};

inline BlasGemmArgs blas_gemm_args(const Problem& p) {
  const Shape& s = p.shape;
  BlasGemmArgs g;
  g.op_b = p.layout == Layout::nn ? CUBLAS_OP_N : CUBLAS_OP_T;
  g.m = s.n;
  g.n = s.m;
  g.k = s.k;
  g.ld_b = p.layout == Layout::nn ? s.n : s.k;
  g.b_rows = g.ld_b;
  g.b_cols = p.layout == Layout::nn ? s.k : s.n;
  g.ld_a = s.k;
  g.ld_c = s.n;
  return g;
}

inline cudaDataType_t cuda_data_type(DType t) {
  return t == DType::f16 ? CUDA_R_16F : CUDA_R_16BF;
}

}  // namespace autogemm::bench
