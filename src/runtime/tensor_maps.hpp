// TMA descriptors for the kernel's two operands. Their box shapes follow the spec: a CTA of a
// 2-CTA cluster loads half of the operand the pair shares.
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
