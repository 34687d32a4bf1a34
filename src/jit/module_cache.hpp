// Loaded modules: a cubin in a CUDA context, its kernel function, its shared-memory attribute.
//
// Needs a GPU. The driver functions come through cudaGetDriverEntryPointByVersion (cudart is
// linked statically), so binaries using this still start on a machine without a driver.
#pragma once

#include <cuda.h>

#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "jit/kernel_cache.hpp"

namespace autogemm::jit {

struct LoadedKernel {
  CUmodule module = nullptr;
  CUfunction function = nullptr;
  int dynamic_smem = 0;     // CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, as set
  int registers = 0;        // CU_FUNC_ATTRIBUTE_NUM_REGS, from the loaded function
  double load_seconds = 0;  // cuModuleLoadData + lookup + attribute, when first loaded
};

class ModuleCache {
 public:
  ModuleCache() = default;
  ModuleCache(const ModuleCache&) = delete;
  ModuleCache& operator=(const ModuleCache&) = delete;
  ~ModuleCache();  // unloads its modules

  // Never destroyed: modules stay loaded until the process exits (unloading during static
  // destruction could run after the driver has shut down).
  static ModuleCache& global();

  // Loads `kernel` into the current context (initialising the device's primary context if none
  // is current) and returns `entry` with its dynamic shared-memory limit raised to
  // `dynamic_smem`. Loads once per (context, kernel key, entry); the reference stays valid for
  // the cache's life. Thread-safe. Throws NoGpuError without a GPU, Error on a driver failure.
  const LoadedKernel& load(const CompiledKernel& kernel, const std::string& entry,
                           int dynamic_smem);

 private:
  using Key = std::tuple<CUcontext, Digest, std::string>;
  std::mutex mutex_;
  std::map<Key, LoadedKernel> loaded_;
};

}  // namespace autogemm::jit
