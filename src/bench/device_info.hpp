// Facts about the GPU a run used, for `autogemm info` and for each result's JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <string>

namespace autogemm::bench {

struct DeviceInfo {
  int device = 0;
  std::string name;
  int cc_major = 0, cc_minor = 0;
  int sm_count = 0;
  int sm_clock_mhz = 0, mem_clock_mhz = 0;  // peak clocks as the driver reports them
  int mem_bus_bits = 0;
  size_t total_mem = 0, free_mem = 0;
  size_t l2_bytes = 0;
  size_t smem_per_block_optin = 0, smem_per_sm = 0;
  int driver_version = 0, runtime_version = 0;  // 13000 = 13.0
  std::string cublas_version;
};

// Throws NoGpuError when there is no usable GPU `device`.
DeviceInfo query_device(int device);
nlohmann::json to_json(const DeviceInfo& d);
void print_device(const DeviceInfo& d, std::ostream& out);

// "13.0" from 13000.
std::string cuda_version_string(int v);

}  // namespace autogemm::bench
