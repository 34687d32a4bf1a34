#include "bench/blas_context.hpp"

#include "core/cuda_check.hpp"

namespace autogemm::bench {

void check_cublas(cublasStatus_t status, const std::string& what) {
  if (status == CUBLAS_STATUS_SUCCESS) return;
  throw Error(what + ": " + cublasGetStatusName(status));
}

BlasContext::BlasContext() {
  check_cublas(cublasCreate(&blas_), "cublasCreate");
  check_cublas(cublasLtCreate(&lt_), "cublasLtCreate");
  check_cuda(cudaMalloc(&workspace_, kWorkspaceBytes), "cudaMalloc cuBLAS workspace");
  // An explicit workspace keeps cublasGemmEx from allocating, which also makes it capturable.
  check_cublas(cublasSetWorkspace(blas_, workspace_, kWorkspaceBytes), "cublasSetWorkspace");
}

BlasContext::~BlasContext() {
  if (lt_) cublasLtDestroy(lt_);
  if (blas_) cublasDestroy(blas_);
  if (workspace_) cudaFree(workspace_);
}

std::string cublas_version_string() {
  const size_t v = cublasLtGetVersion();  // major * 10000 + minor * 100 + patch
  return std::to_string(v / 10000) + "." + std::to_string(v / 100 % 100) + "." +
         std::to_string(v % 100);
}

}  // namespace autogemm::bench
