// Turning CUDA runtime and driver return codes into autogemm::Error.
#pragma once

#include <cuda.h>
#include <cuda_runtime.h>

#include <string>

#include "autogemm/types.hpp"

namespace autogemm {

// Throws Error("<what>: <cuda error name>: <message>") unless err == cudaSuccess.
void check_cuda(cudaError_t err, const std::string& what);
// Same for driver API results.
void check_cu(CUresult res, const std::string& what);

// Throws NoGpuError when no CUDA device is usable (no driver, no device, or device_id out of
// range); otherwise returns the device count.
int require_gpu(int device_id = 0);

}  // namespace autogemm
