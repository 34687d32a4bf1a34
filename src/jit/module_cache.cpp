#include "jit/module_cache.hpp"

#include <cuda_runtime.h>
#include <fmt/format.h>

#include <chrono>

#include "core/cuda_check.hpp"
#include "core/driver_api.hpp"

namespace autogemm::jit {
namespace {

CUcontext current_context() {
  require_gpu();
  CUcontext ctx = nullptr;
  check_cu(driver().ctx_get_current(&ctx), "cuCtxGetCurrent");
  if (ctx == nullptr) {
    // No context yet: let the runtime create the current device's primary context, the one
    // every runtime API call (and so the caller's streams) uses.
    check_cuda(cudaFree(nullptr), "initialising the CUDA context");
    check_cu(driver().ctx_get_current(&ctx), "cuCtxGetCurrent");
  }
  return ctx;
}

}  // namespace

ModuleCache::~ModuleCache() {
  for (auto& [key, k] : loaded_) driver().module_unload(k.module);  // best effort
}

ModuleCache& ModuleCache::global() {
  static ModuleCache* cache = new ModuleCache;  // intentionally leaked; see the header
  return *cache;
}

const LoadedKernel& ModuleCache::load(const CompiledKernel& kernel, const std::string& entry,
                                      int dynamic_smem) {
  const CUcontext ctx = current_context();
  const DriverApi& d = driver();
  std::lock_guard lock(mutex_);
  Key key{ctx, kernel.key, entry};
  if (auto it = loaded_.find(key); it != loaded_.end()) {
    if (it->second.dynamic_smem < dynamic_smem) {
      check_cu(d.func_set_attribute(it->second.function,
                                    CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, dynamic_smem),
               "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)");
      it->second.dynamic_smem = dynamic_smem;
    }
    return it->second;
  }

  const auto t0 = std::chrono::steady_clock::now();
  LoadedKernel k;
  check_cu(d.module_load_data(&k.module, kernel.cubin.data()), "cuModuleLoadData");
  try {
    check_cu(d.module_get_function(&k.function, k.module, entry.c_str()),
             "cuModuleGetFunction(" + entry + ")");
    check_cu(d.func_set_attribute(k.function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                  dynamic_smem),
             fmt::format("cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES, {})", dynamic_smem));
    // Cluster split-K over 16 CTAs is a non-portable cluster size (Hopper allows it on request);
    // allowing it changes nothing for smaller clusters.
    check_cu(
        d.func_set_attribute(k.function, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1),
        "cuFuncSetAttribute(NON_PORTABLE_CLUSTER_SIZE_ALLOWED)");
    check_cu(d.func_get_attribute(&k.registers, CU_FUNC_ATTRIBUTE_NUM_REGS, k.function),
             "cuFuncGetAttribute(NUM_REGS)");
  } catch (...) {
    d.module_unload(k.module);
    throw;
  }
  k.dynamic_smem = dynamic_smem;
  k.load_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return loaded_.emplace(std::move(key), k).first->second;
}

}  // namespace autogemm::jit
