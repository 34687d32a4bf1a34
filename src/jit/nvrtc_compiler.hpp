// One NVRTC compilation: CUDA C++ source (+ headers held in memory) -> sm_90a cubin.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "jit/resource_usage.hpp"

namespace autogemm::jit {

using HeaderMap = std::map<std::string, std::string>;  // include path -> contents

struct NvrtcOutput {
  std::string cubin;  // bytes
  std::string log;    // NVRTC + ptxas messages (ptxas -v: registers, spills)
  double seconds = 0;
  ResourceUsage usage;
};

// The options every autogemm kernel compiles with:
//   --gpu-architecture=sm_90a  a real arch, so NVRTC runs ptxas and gives SASS (a cubin);
//                              'a' unlocks wgmma and setmaxnreg.
//   -std=c++20                 NVRTC 13 accepts it; the device code may use concepts etc.
//   --ptxas-options=-v         registers/spills/stack into the log, parsed into ResourceUsage.
//   -DNDEBUG                   device asserts are for debugging builds only.
// No -default-device: device functions say __device__, so host-only mistakes fail loudly.
// No toolkit include path: NVRTC cannot compile the toolkit's host headers (cuda.h pulls in
// stdlib.h), and headers like cuda_fp16.h would make the result depend on files outside the
// binary and outside the cache key. Device code uses inline PTX and its own types instead.
std::vector<std::string> default_nvrtc_options();

// "13.0" for the loaded NVRTC library; part of every cache key.
std::string nvrtc_version();

// Compiles `source` (named `program_name` in messages) with `headers` available to #include.
// Throws Error with NVRTC's status and the first lines of the log when compilation fails.
NvrtcOutput nvrtc_compile(std::string_view source, std::string_view program_name,
                          const HeaderMap& headers, const std::vector<std::string>& options);

}  // namespace autogemm::jit
