#include "bench/device_info.hpp"

#include <cuda_runtime.h>

#include "bench/blas_context.hpp"
#include "core/cuda_check.hpp"

namespace autogemm::bench {

std::string cuda_version_string(int v) {
  return std::to_string(v / 1000) + "." + std::to_string(v % 1000 / 10);
}

DeviceInfo query_device(int device) {
  require_gpu(device);
  DeviceInfo d;
  d.device = device;
  cudaDeviceProp p{};
  check_cuda(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties");
  d.name = p.name;
  d.cc_major = p.major;
  d.cc_minor = p.minor;
  d.sm_count = p.multiProcessorCount;
  d.total_mem = p.totalGlobalMem;
  d.l2_bytes = size_t(p.l2CacheSize);
  d.smem_per_block_optin = p.sharedMemPerBlockOptin;
  d.smem_per_sm = p.sharedMemPerMultiprocessor;
  int khz = 0;
  check_cuda(cudaDeviceGetAttribute(&khz, cudaDevAttrClockRate, device), "SM clock");
  d.sm_clock_mhz = khz / 1000;
  check_cuda(cudaDeviceGetAttribute(&khz, cudaDevAttrMemoryClockRate, device), "memory clock");
  d.mem_clock_mhz = khz / 1000;
  check_cuda(cudaDeviceGetAttribute(&d.mem_bus_bits, cudaDevAttrGlobalMemoryBusWidth, device),
             "memory bus width");
  check_cuda(cudaSetDevice(device), "cudaSetDevice");
  check_cuda(cudaMemGetInfo(&d.free_mem, &d.total_mem), "cudaMemGetInfo");
  check_cuda(cudaDriverGetVersion(&d.driver_version), "cudaDriverGetVersion");
  check_cuda(cudaRuntimeGetVersion(&d.runtime_version), "cudaRuntimeGetVersion");
  d.cublas_version = cublas_version_string();
  return d;
}

nlohmann::json to_json(const DeviceInfo& d) {
  return {{"device", d.device},
          {"name", d.name},
          {"compute_capability", std::to_string(d.cc_major) + "." + std::to_string(d.cc_minor)},
          {"sm_count", d.sm_count},
          {"sm_clock_mhz", d.sm_clock_mhz},
          {"mem_clock_mhz", d.mem_clock_mhz},
          {"mem_bus_bits", d.mem_bus_bits},
          {"total_mem_bytes", d.total_mem},
          {"free_mem_bytes", d.free_mem},
          {"l2_bytes", d.l2_bytes},
          {"smem_per_block_optin_bytes", d.smem_per_block_optin},
          {"smem_per_sm_bytes", d.smem_per_sm},
          {"driver_cuda_version", cuda_version_string(d.driver_version)},
          {"runtime_cuda_version", cuda_version_string(d.runtime_version)},
          {"cublas_version", d.cublas_version}};
}

void print_device(const DeviceInfo& d, std::ostream& out) {
  auto mib = [](size_t b) { return std::to_string(b >> 20) + " MiB"; };
  out << "GPU " << d.device << ": " << d.name << " (sm_" << d.cc_major << d.cc_minor << ")\n"
      << "  SMs:                    " << d.sm_count << "\n"
      << "  SM clock (peak):        " << d.sm_clock_mhz << " MHz\n"
      << "  memory clock (peak):    " << d.mem_clock_mhz << " MHz, " << d.mem_bus_bits
      << "-bit bus\n"
      << "  memory:                 " << mib(d.total_mem) << " total, " << mib(d.free_mem)
      << " free\n"
      << "  L2 cache:               " << mib(d.l2_bytes) << "\n"
      << "  shared memory:          " << (d.smem_per_block_optin >> 10)
      << " KiB per block (opt-in), " << (d.smem_per_sm >> 10) << " KiB per SM\n"
      << "  driver supports CUDA:   " << cuda_version_string(d.driver_version) << "\n"
      << "  CUDA runtime:           " << cuda_version_string(d.runtime_version) << "\n"
      << "  cuBLAS:                 " << d.cublas_version << "\n";
}

}  // namespace autogemm::bench
