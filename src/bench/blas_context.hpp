// cuBLAS and cuBLASLt handles and the one workspace the baselines share (they run one at a
// time on one stream, so sharing is safe). Created once per run.
#pragma once

#include <cublasLt.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>

#include <string>

namespace autogemm::bench {

// Throws Error("<what>: <cuBLAS status name>") unless status is success.
void check_cublas(cublasStatus_t status, const std::string& what);

class BlasContext {
 public:
  static constexpr size_t kWorkspaceBytes = 32u << 20;  // 32 MiB, as cuBLAS suggests for Hopper

  BlasContext();
  ~BlasContext();
  BlasContext(const BlasContext&) = delete;
  BlasContext& operator=(const BlasContext&) = delete;

  cublasHandle_t blas() const { return blas_; }
  cublasLtHandle_t lt() const { return lt_; }
  void* workspace() const { return workspace_; }
  size_t workspace_bytes() const { return kWorkspaceBytes; }

 private:
  cublasHandle_t blas_ = nullptr;
  cublasLtHandle_t lt_ = nullptr;
  void* workspace_ = nullptr;
};

// "13.1.0" — the cuBLAS library loaded at run time.
std::string cublas_version_string();

}  // namespace autogemm::bench
