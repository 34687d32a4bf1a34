#include "core/cuda_check.hpp"

namespace autogemm {

void check_cuda(cudaError_t err, const std::string& what) {
  if (err == cudaSuccess) return;
  throw Error(what + ": " + cudaGetErrorName(err) + ": " + cudaGetErrorString(err));
}

void check_cu(CUresult res, const std::string& what) {
  if (res == CUDA_SUCCESS) return;
  // cuGetErrorName lives in libcuda, which we do not link; the number is stable and searchable.
  throw Error(what + ": CUresult " + std::to_string(int(res)));
}

int require_gpu(int device_id) {
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess || count == 0) {
    cudaGetLastError();  // clear the sticky error so later calls report their own
    throw NoGpuError(std::string("no usable CUDA GPU: ") +
                     (err != cudaSuccess ? cudaGetErrorString(err) : "no device found"));
  }
  if (device_id < 0 || device_id >= count)
    throw NoGpuError("GPU " + std::to_string(device_id) + " does not exist (" +
                     std::to_string(count) + " visible)");
  return count;
}

}  // namespace autogemm
