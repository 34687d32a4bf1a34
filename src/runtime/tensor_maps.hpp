// TMA descriptors for the kernel's operands. Their box shapes follow the spec: in a cluster each
// CTA loads a slice of the tile it shares with the other CTAs of its cluster row or column.
#pragma once

#include <cuda.h>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm {

struct OperandMaps {  // CUtensorMap carries its own 64-byte alignment
  CUtensorMap a;
  CUtensorMap b;
  CUtensorMap c;  // used by the TMA epilogue only
};

// Throws Error naming the operand when the driver refuses (e.g. a misaligned pointer).
OperandMaps make_tensor_maps(const KernelSpec&, const Problem&, const void* a, const void* b,
                             const void* c);

}  // namespace autogemm
