// Host time per kernel launch, by launch path and attributes (session 33). The latency shapes
// (64x64x64) are host-bound: a bare cuLaunchKernelEx of our kernel costs 2.9-3.6 us of host time
// (h200_latency_pin_s32). Which part of that is ours to choose: the launch call (cuLaunchKernel
// or cuLaunchKernelEx), its attributes (programmatic dependent launch, a cluster dimension), the
// kernel's parameter bytes (three tensor maps and the arguments: ~500 B) or its dynamic shared
// memory? An empty one-warp kernel, so the device keeps up and the host's time is what is timed.
// Variants interleaved in rounds; the median of the rounds per variant.
// Build: nvcc -O3 -std=c++20 -arch=sm_90a -o launch_cost_probe launch_cost_probe.cu -lcuda
// Run: ./launch_cost_probe [rounds] [launches per round]  (CSV on stdout)
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

template <int kBytes>
struct Params {
  unsigned char bytes[kBytes];
};

template <int kBytes>
__global__ void empty_kernel(const __grid_constant__ Params<kBytes> p) {
  if (threadIdx.x == 0 && p.bytes[0] == 255) printf("never\n");  // keeps the parameter alive
}

#define CHECK(x)                                                             \
  do {                                                                       \
    CUresult r_ = (x);                                                       \
    if (r_ != CUDA_SUCCESS) {                                                \
      const char* s_ = nullptr;                                              \
      cuGetErrorString(r_, &s_);                                             \
      std::fprintf(stderr, "%s failed: %s\n", #x, s_ ? s_ : "?");            \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

struct Variant {
  std::string name;
  CUfunction fn;
  void* params;  // the parameter struct
  bool ex, pdl, cluster;
  unsigned smem;
};

int main(int argc, char** argv) {
  const int rounds = argc > 1 ? std::atoi(argv[1]) : 15;
  const int launches = argc > 2 ? std::atoi(argv[2]) : 2000;
  cudaFree(nullptr);  // the primary context
  CUstream stream;
  CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
  static Params<16> small{};
  static Params<512> large{};
  CUfunction f16, f512, f16smem;
  cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t*>(&f16), (const void*)empty_kernel<16>);
  cudaGetFuncBySymbol(reinterpret_cast<cudaFunction_t*>(&f512), (const void*)empty_kernel<512>);
  f16smem = f16;
  CHECK(cuFuncSetAttribute(f16, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 200 * 1024));
  CHECK(cuFuncSetAttribute(f16, CU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED, 1));
  CHECK(cuFuncSetAttribute(f512, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, 200 * 1024));
  std::vector<Variant> v = {
      {"legacy_16B", f16, &small, false, false, false, 0},
      {"ex_16B", f16, &small, true, false, false, 0},
      {"ex_pdl_16B", f16, &small, true, true, false, 0},
      {"ex_cluster_16B", f16, &small, true, false, true, 0},
      {"ex_pdl_cluster_16B", f16, &small, true, true, true, 0},
      {"ex_512B", f512, &large, true, false, false, 0},
      {"ex_pdl_512B", f512, &large, true, true, false, 0},
      {"ex_pdl_512B_smem100K", f512, &large, true, true, false, 100 * 1024},
      {"ex_16B_smem100K", f16smem, &small, true, false, false, 100 * 1024},
      {"legacy_512B_smem100K", f512, &large, false, false, false, 100 * 1024},
  };
  auto launch = [&](const Variant& x) {
    void* args[] = {x.params};
    if (!x.ex) {
      CHECK(cuLaunchKernel(x.fn, 1, 1, 1, 32, 1, 1, x.smem, stream, args, nullptr));
      return;
    }
    CUlaunchAttribute attrs[2];
    unsigned n = 0;
    if (x.cluster) {
      attrs[n].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
      attrs[n].value.clusterDim.x = 1;
      attrs[n].value.clusterDim.y = 1;
      attrs[n].value.clusterDim.z = 1;
      ++n;
    }
    if (x.pdl) {
      attrs[n].id = CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION;
      attrs[n].value.programmaticStreamSerializationAllowed = 1;
      ++n;
    }
    CUlaunchConfig cfg{};
    cfg.gridDimX = cfg.gridDimY = cfg.gridDimZ = 1;
    cfg.blockDimX = 32;
    cfg.blockDimY = cfg.blockDimZ = 1;
    cfg.sharedMemBytes = x.smem;
    cfg.hStream = stream;
    cfg.attrs = n ? attrs : nullptr;
    cfg.numAttrs = n;
    CHECK(cuLaunchKernelEx(&cfg, x.fn, args, nullptr));
  };
  for (const Variant& x : v) {  // warm-up
    for (int i = 0; i < 200; ++i) launch(x);
    CHECK(cuStreamSynchronize(stream));
  }
  std::vector<std::vector<double>> host(v.size()), device(v.size());
  CUevent e0, e1;
  CHECK(cuEventCreate(&e0, CU_EVENT_DEFAULT));
  CHECK(cuEventCreate(&e1, CU_EVENT_DEFAULT));
  for (int r = 0; r < rounds; ++r)
    for (size_t j = 0; j < v.size(); ++j) {
      const Variant& x = v[(j + size_t(r)) % v.size()];
      const size_t idx = (j + size_t(r)) % v.size();
      CHECK(cuEventRecord(e0, stream));
      const auto t0 = std::chrono::steady_clock::now();
      for (int i = 0; i < launches; ++i) launch(x);
      const auto t1 = std::chrono::steady_clock::now();
      CHECK(cuEventRecord(e1, stream));
      CHECK(cuEventSynchronize(e1));
      float ms = 0;
      CHECK(cuEventElapsedTime(&ms, e0, e1));
      host[idx].push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / launches);
      device[idx].push_back(1000.0 * ms / launches);
    }
  auto median = [](std::vector<double> a) {
    std::sort(a.begin(), a.end());
    return a[a.size() / 2];
  };
  auto p10 = [](std::vector<double> a) {
    std::sort(a.begin(), a.end());
    return a[a.size() / 10];
  };
  std::printf("variant,host_us_median,host_us_p10,events_us_median\n");
  for (size_t j = 0; j < v.size(); ++j)
    std::printf("%s,%.3f,%.3f,%.3f\n", v[j].name.c_str(), median(host[j]), p10(host[j]),
                median(device[j]));
  return 0;
}
