// Scratch memory for stream-K partial tiles, one block per (device, stream) so that kernels on
// different streams never share it (streams told apart by cudaStreamGetId, so each thread's
// per-thread default stream has its own). Allocated on the first stream-K call on a stream, sized
// for the most any spec can need on that device, and zeroed once: the kernel leaves its flags zero.
#pragma once

#include <cuda_runtime.h>

#include <atomic>
#include <cstddef>

namespace autogemm {

struct Workspace {
  float* partials = nullptr;
  int* flags = nullptr;
  size_t partial_bytes = 0;
  int flag_count = 0;
  int* counters = nullptr;  // split-K summed by the last piece: one per warp (zero between calls)
  long long counter_count = 0;
  // Pieces placed by SM (KernelSpec::sm_placed): the launch ticket, the slots' claims (zeroed)
  // and the placement map (sm90::kSmSlotsWords words, types.cuh), which the first placed launch
  // on this stream records (record_sm_placement, sm_placement.hpp).
  unsigned* sm_slots = nullptr;
  mutable std::atomic<bool> placement_recorded{false};
};

// Bytes of partials a launch of `grid` CTAs with bm×bn tiles needs.
inline size_t stream_k_partial_bytes(unsigned grid, int bm, int bn) {
  return size_t(grid) * size_t(bm) * size_t(bn) * sizeof(float);
}

// What workspace_for() allocates per (device, stream) on a GPU of `sms` SMs: the partials'
// bytes (stream-K's one tile per SM, split-K's pieces up to kSplitPassMaxFloats, cuBLASLt's
// fallback workspace) and the flags (`autogemm info` reports it).
struct WorkspaceSize {
  size_t partial_bytes = 0;
  int flag_count = 0;
  long long counter_count = 0;
};
WorkspaceSize workspace_size(int sms);

// The workspace of (current device, stream). Thread-safe. Throws Error if allocation fails.
const Workspace& workspace_for(int device, cudaStream_t stream);

}  // namespace autogemm
