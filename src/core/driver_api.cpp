#include "core/driver_api.hpp"

#include <cuda_runtime.h>

#include <string>

#include "autogemm/types.hpp"

namespace autogemm {
namespace {

template <class Fn>
void resolve(Fn& fn, const char* symbol) {
  void* p = nullptr;
  cudaDriverEntryPointQueryResult status{};
  cudaError_t err = cudaGetDriverEntryPointByVersion(symbol, &p, 12000, cudaEnableDefault, &status);
  if (err != cudaSuccess || status != cudaDriverEntryPointSuccess || p == nullptr) {
    cudaGetLastError();
    throw NoGpuError(std::string("CUDA driver function ") + symbol +
                     " is unavailable (no NVIDIA driver?): " + cudaGetErrorString(err));
  }
  fn = reinterpret_cast<Fn>(p);
}

DriverApi load() {
  DriverApi d;
  resolve(d.ctx_get_current, "cuCtxGetCurrent");
  resolve(d.tensor_map_encode_tiled, "cuTensorMapEncodeTiled");
  resolve(d.launch_kernel_ex, "cuLaunchKernelEx");
  resolve(d.module_load_data, "cuModuleLoadData");
  resolve(d.module_unload, "cuModuleUnload");
  resolve(d.module_get_function, "cuModuleGetFunction");
  resolve(d.func_set_attribute, "cuFuncSetAttribute");
  resolve(d.func_get_attribute, "cuFuncGetAttribute");
  resolve(d.get_error_name, "cuGetErrorName");
  resolve(d.occupancy_max_active_clusters, "cuOccupancyMaxActiveClusters");
  resolve(d.occupancy_max_active_blocks, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
  return d;
}

}  // namespace

const DriverApi& driver() {
  static const DriverApi d = load();
  return d;
}

void check_driver(CUresult res, const char* what) {
  if (res == CUDA_SUCCESS) return;
  const char* name = nullptr;
  if (driver().get_error_name(res, &name) != CUDA_SUCCESS || name == nullptr) name = "unknown";
  throw Error(std::string(what) + ": " + name + " (" + std::to_string(int(res)) + ")");
}

}  // namespace autogemm
