// What ptxas reports about a compiled kernel, read from NVRTC's log (--ptxas-options=-v).
#pragma once

#include <string_view>

namespace autogemm::jit {

// -1 where the log does not say. With several functions in one log (non-inlined device
// functions report their own frames), registers/stack/smem are the largest and spills the sum,
// so a spill anywhere shows.
struct ResourceUsage {
  int registers = -1;
  int spill_stores = -1;  // bytes
  int spill_loads = -1;   // bytes
  int stack_frame = -1;   // bytes
  int static_smem = -1;   // bytes of __shared__ variables (dynamic smem is not in the log)
  // ptxas serialized the wgmmas (info C7514: an instruction reads their accumulators inside the
  // pipeline, e.g. a fragment indexed at run time and so kept on the stack): the mainloop then
  // waits on every MMA, up to twice as slow (256x144 swap-AB, session 55).
  bool wgmma_serialized = false;
  bool known() const { return registers >= 0; }
  bool spills() const { return spill_stores > 0 || spill_loads > 0; }
};

ResourceUsage parse_ptxas_log(std::string_view log);

}  // namespace autogemm::jit
