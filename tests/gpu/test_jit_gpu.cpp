// The JIT on a GPU: a cubin from NVRTC loaded as a module and launched, the dynamic
// shared-memory attribute applied, and the cold-compile / warm-load times of a real spec.
// Fails (does not skip) without a GPU.
#include <cuda.h>
#include <cuda_runtime.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <vector>

#include "core/cuda_check.hpp"
#include "jit/jit.hpp"
#include "jit/source.hpp"
#include "spec/name.hpp"

namespace autogemm::test {
const std::map<std::string, std::string>& test_kernels();  // tests/jit_kernels, embedded
}

namespace autogemm::jit {
namespace {

namespace fs = std::filesystem;

// cuLaunchKernel without linking libcuda, as the library does.
decltype(&::cuLaunchKernel) launch_kernel() {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult status{};
  check_cuda(
      cudaGetDriverEntryPointByVersion("cuLaunchKernel", &fn, 12000, cudaEnableDefault, &status),
      "cudaGetDriverEntryPointByVersion(cuLaunchKernel)");
  if (status != cudaDriverEntryPointSuccess || fn == nullptr) throw Error("no cuLaunchKernel");
  return reinterpret_cast<decltype(&::cuLaunchKernel)>(fn);
}

KernelCache::Options test_kernel_options() {
  KernelCache::Options o;
  o.headers = &test::test_kernels();
  return o;
}

TEST(JitGpu, LoadsAndLaunchesACompiledCubin) {
  require_gpu();
  KernelCache cache(test_kernel_options());
  const auto compiled = cache.get(test::test_kernels().at("scale_dynamic_smem.cu"));

  // 150 KiB of dynamic shared memory: above the 48 KiB default, so the launch succeeds only if
  // the loader set the attribute.
  const int smem = 150 * 1024;
  ModuleCache modules;
  const LoadedKernel& k = modules.load(*compiled, "scale_dynamic_smem", smem);
  ASSERT_NE(k.function, nullptr);
  EXPECT_EQ(k.dynamic_smem, smem);
  EXPECT_GT(k.registers, 0);
  EXPECT_EQ(&modules.load(*compiled, "scale_dynamic_smem", smem), &k);  // loaded once

  const int n = 100000, threads = 256;
  std::vector<float> x(n), y(n, -1.f);
  for (int i = 0; i < n; ++i) x[i] = float(i % 1000) * 0.5f;
  float *dx = nullptr, *dy = nullptr;
  check_cuda(cudaMalloc(&dx, n * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMalloc(&dy, n * sizeof(float)), "cudaMalloc");
  check_cuda(cudaMemcpy(dx, x.data(), n * sizeof(float), cudaMemcpyHostToDevice), "copy x");
  int n_arg = n, smem_floats = smem / int(sizeof(float));
  void* params[] = {&dx, &dy, &n_arg, &smem_floats};
  check_cu(launch_kernel()(k.function, (n + threads - 1) / threads, 1, 1, threads, 1, 1,
                           unsigned(smem), nullptr, params, nullptr),
           "cuLaunchKernel");
  check_cuda(cudaDeviceSynchronize(), "kernel");
  check_cuda(cudaMemcpy(y.data(), dy, n * sizeof(float), cudaMemcpyDeviceToHost), "copy y");
  cudaFree(dx);
  cudaFree(dy);
  for (int i = 0; i < n; ++i) ASSERT_EQ(y[i], 2.f * x[i] + 1.f) << "at " << i;
}

TEST(JitGpu, RealSpecLoadsWithItsSharedMemory) {
  require_gpu();
  const KernelSpec spec = parse_name("sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m");
  const LoadedKernel& k = load(spec);
  ASSERT_NE(k.function, nullptr);
  EXPECT_EQ(k.dynamic_smem, smem_bytes(spec));
  EXPECT_GT(k.registers, 0);
  EXPECT_LE(k.registers, 65536 / threads_per_block(spec));
  EXPECT_EQ(&load(spec), &k);
}

// The JIT's acceptance numbers: NVRTC from a cold cache, and a warm start (disk read + module
// load), as a new process would see them. Warm start must stay within 5 ms.
TEST(JitGpu, ColdCompileAndWarmLoadTimes) {
  require_gpu();
  check_cuda(cudaFree(nullptr), "context");  // context creation is not part of a load
  const KernelSpec spec = parse_name("sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m");
  const std::string source = kernel_source(spec);
  const fs::path dir =
      fs::temp_directory_path() / ("autogemm_gpu_jit_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  KernelCache::Options opts;
  opts.disk_dir = dir;

  const auto cold = KernelCache(opts).get(source);
  ASSERT_EQ(cold->origin, CompiledKernel::Origin::compiled);

  std::vector<double> warm;
  for (int i = 0; i < 7; ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    const auto hit = KernelCache(opts).get(source);
    ModuleCache modules;
    modules.load(*hit, kernel_entry_name(), smem_bytes(spec));
    warm.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    ASSERT_EQ(hit->origin, CompiledKernel::Origin::disk);
  }
  fs::remove_all(dir);
  std::sort(warm.begin(), warm.end());
  const double median = warm[warm.size() / 2];
  std::cout << spec_name(spec) << ": cold NVRTC compile " << cold->compile_seconds
            << " s; warm disk read + module load, median of " << warm.size() << ": " << median * 1e3
            << " ms\n";
  RecordProperty("cold_compile_ms", int(cold->compile_seconds * 1e3));
  RecordProperty("warm_load_us", int(median * 1e6));
  EXPECT_LE(median, 0.005);
}

}  // namespace
}  // namespace autogemm::jit
