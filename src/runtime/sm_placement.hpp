// The placement map of pieces placed by SM (KernelSpec::sm_placed, sm90/sm_placement.cuh): where a
// plain launch of one CTA per SM puts each CTA on this GPU.
#pragma once

#include <cuda_runtime.h>

#include "runtime/workspace.hpp"

namespace autogemm {

// Records `ws`'s placement map on `stream` once (later calls return at once): a plain launch of
// one CTA per SM (`sms` CTAs, each holding more than half an SM's shared memory and staying until
// the grid is placed) writes, for each %smid, the CTA placed there. Compiled by the JIT like the
// GEMMs (cached). Throws Error if it cannot compile or launch (a later call tries again). A map
// recorded while other work held SMs is only slower, never wrong: each placed CTA claims its slot.
void record_sm_placement(const Workspace& ws, cudaStream_t stream, int sms);

}  // namespace autogemm
