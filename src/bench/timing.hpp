// Timing one method in the chosen mode (DESIGN.md §6). Samples are microseconds per call.
//   kernel:          CUDA events around a loop of back-to-back calls -> one sample per loop;
//   kernel + graph:  the same loop captured once in a CUDA graph, events around a replay;
//   kernel + l2 cold: L2 flushed (memset of 2× L2) before each call, events around each call;
//   offline:         host steady_clock around each call plus cudaStreamSynchronize;
//   server:          offline with an exponentially distributed pause (mean 1/qps) before each
//                    call, so calls arrive like a request stream and find the GPU idle.
#pragma once

#include <cuda_runtime.h>

#include <random>
#include <vector>

#include "bench/method.hpp"
#include "bench/protocol.hpp"

namespace autogemm::bench {

// A loop of `calls` calls of one method captured in a CUDA graph.
class GraphLoop {
 public:
  GraphLoop(Method& m, int calls, cudaStream_t stream);  // throws Error if capture fails
  ~GraphLoop();
  GraphLoop(const GraphLoop&) = delete;
  GraphLoop& operator=(const GraphLoop&) = delete;
  void launch(cudaStream_t stream);
  int calls() const { return calls_; }

 private:
  cudaGraphExec_t exec_ = nullptr;
  int calls_;
};

class Timer {
 public:
  // l2_bytes: the GPU's L2 size (flush buffer is twice that; allocated only for l2_cold).
  Timer(Mode mode, bool l2_cold, double target_qps, uint64_t seed, size_t l2_bytes);
  ~Timer();
  Timer(const Timer&) = delete;
  Timer& operator=(const Timer&) = delete;

  // Time of one call as this mode measures it (without server pauses), after one warm call.
  double calibrate(Method& m, cudaStream_t stream);
  // `calls` back-to-back calls, then a sync; nothing recorded.
  void warmup(Method& m, int calls, cudaStream_t stream);
  // One timed loop; appends per-call samples (µs). With `graph` (kernel mode only) replays it
  // instead of calling m. Returns the loop's wall time in seconds (pauses included).
  double timed_loop(Method& m, int calls, GraphLoop* graph, cudaStream_t stream,
                    std::vector<double>& samples);

 private:
  double loop(Method& m, int calls, GraphLoop* graph, bool pauses, cudaStream_t stream,
              std::vector<double>& samples);
  void flush_l2(cudaStream_t stream);
  cudaEvent_t event(size_t i);

  Mode mode_;
  bool l2_cold_;
  double qps_;
  std::mt19937_64 rng_;
  void* flush_ = nullptr;
  size_t flush_bytes_ = 0;
  std::vector<cudaEvent_t> events_;
};

}  // namespace autogemm::bench
