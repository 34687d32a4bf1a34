// The placement map of pieces placed by SM (KernelSpec::sm_placed, sm90/sm_placement.cuh): where a
// plain launch of one CTA per SM puts each CTA on this GPU.
#pragma once

#include <cuda_runtime.h>

#include "runtime/workspace.hpp"

namespace autogemm {

// Records `ws`'s placement map on `stream` once (later calls: one atomic load): a plain launch of
// one CTA per SM (`sms` CTAs, each holding more than half an SM's shared memory and staying until
// the grid is placed) writes, for each %smid, the CTA placed there. Compiled by the JIT like the
// GEMMs (cached). Not while `stream` is being captured (a later call records it). If it cannot
// compile or launch, the map stays empty: a map that is empty, or recorded while other work held
// SMs, only places worse, never wrongly, since each placed CTA claims its slot. Throws Error only
// for an SM count past the workspace's slots.
void record_sm_placement(const Workspace& ws, cudaStream_t stream, int sms);

}  // namespace autogemm
