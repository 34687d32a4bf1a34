// The few CUDA driver functions autogemm needs, fetched through the runtime's entry-point query so
// that nothing links libcuda directly (machines without a driver can still load our binaries).
#pragma once

#include <cuda.h>

namespace autogemm {

struct DriverApi {
  decltype(&::cuCtxGetCurrent) ctx_get_current = nullptr;
  decltype(&::cuTensorMapEncodeTiled) tensor_map_encode_tiled = nullptr;
  decltype(&::cuLaunchKernelEx) launch_kernel_ex = nullptr;
  decltype(&::cuModuleLoadData) module_load_data = nullptr;
  decltype(&::cuModuleUnload) module_unload = nullptr;
  decltype(&::cuModuleGetFunction) module_get_function = nullptr;
  decltype(&::cuFuncSetAttribute) func_set_attribute = nullptr;
  decltype(&::cuFuncGetAttribute) func_get_attribute = nullptr;
  decltype(&::cuGetErrorName) get_error_name = nullptr;
  decltype(&::cuOccupancyMaxActiveClusters) occupancy_max_active_clusters = nullptr;
  decltype(&::cuOccupancyMaxActiveBlocksPerMultiprocessor) occupancy_max_active_blocks = nullptr;
};

// Resolved once; throws NoGpuError if the driver is missing.
const DriverApi& driver();

// Throws Error("<what>: <CUDA_ERROR_NAME>") unless res == CUDA_SUCCESS.
void check_driver(CUresult res, const char* what);

}  // namespace autogemm
