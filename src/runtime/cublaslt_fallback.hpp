// cuBLASLt for the problems our kernel cannot serve (N or K not a multiple of 8, dtype/acc
// combinations without a kernel): the dispatcher's fallback, so that gemm() without a spec
// answers every valid problem.
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "autogemm/types.hpp"

namespace autogemm {

// C = alpha·A·B + beta·C, row-major as in autogemm.hpp, with cuBLASLt's top heuristic algorithm
// for the problem (chosen once per device and problem). `workspace` may be null. Throws Error.
void cublaslt_gemm(const Problem& p, const void* a, const void* b, void* c, cudaStream_t stream,
                   void* workspace, size_t workspace_bytes, float alpha = 1.0f, float beta = 0.0f);

}  // namespace autogemm
