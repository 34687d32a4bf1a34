// Runs a spec's tracing build (trace.cuh) and returns its buffer. Needs a GPU.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>
#include <vector>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"
#include "trace/trace_summary.hpp"

namespace autogemm::trace {

struct TraceRun {
  TraceLayout layout;
  std::vector<uint64_t> words;  // the last traced run's buffer
  double plain_us = 0;          // mean of back-to-back launches of the untraced kernel
  double traced_us = 0;         // the same for the traced kernel (stamping has a small cost)
};

// Warms the GPU with the untraced kernel for `warmup_ms` (so clocks settle as in a benchmark),
// times `runs` untraced and then `runs` traced launches, each back to back, and keeps the last
// traced launch's buffer.
// A, B, C are device buffers of the problem's shape and layout.
TraceRun run_traced(const KernelSpec&, const Problem&, const void* a, const void* b, void* c,
                    int runs, double warmup_ms, cudaStream_t stream);

}  // namespace autogemm::trace
