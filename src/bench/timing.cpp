#include "bench/timing.hpp"

#include <chrono>
#include <thread>

#include "core/cuda_check.hpp"
#include "core/hang_guard.hpp"

namespace autogemm::bench {
namespace {

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

}  // namespace

GraphLoop::GraphLoop(Method& m, int calls, cudaStream_t stream) : calls_(calls) {
  cudaGraph_t graph = nullptr;
  // Relaxed: libraries may make calls during capture that the stricter modes forbid.
  check_cuda(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed), "begin graph capture");
  try {
    for (int i = 0; i < calls; ++i) m.run(stream);
  } catch (...) {
    cudaStreamEndCapture(stream, &graph);
    if (graph) cudaGraphDestroy(graph);
    cudaGetLastError();
    throw;
  }
  check_cuda(cudaStreamEndCapture(stream, &graph), "end graph capture");
  cudaError_t err = cudaGraphInstantiate(&exec_, graph, 0);
  cudaGraphDestroy(graph);
  check_cuda(err, "cudaGraphInstantiate");
  check_cuda(cudaGraphUpload(exec_, stream), "cudaGraphUpload");
}

GraphLoop::~GraphLoop() {
  if (exec_) cudaGraphExecDestroy(exec_);
}

void GraphLoop::launch(cudaStream_t stream) {
  check_cuda(cudaGraphLaunch(exec_, stream), "cudaGraphLaunch");
}

Timer::Timer(Mode mode, bool l2_cold, double target_qps, uint64_t seed, size_t l2_bytes)
    : mode_(mode), l2_cold_(l2_cold), qps_(target_qps), rng_(seed) {
  if (l2_cold_) {
    flush_bytes_ = 2 * l2_bytes;
    check_cuda(cudaMalloc(&flush_, flush_bytes_), "cudaMalloc L2 flush buffer");
  }
}

Timer::~Timer() {
  for (cudaEvent_t e : events_) cudaEventDestroy(e);
  if (flush_) cudaFree(flush_);
}

cudaEvent_t Timer::event(size_t i) {
  while (events_.size() <= i) {
    cudaEvent_t e;
    check_cuda(cudaEventCreate(&e), "cudaEventCreate");
    events_.push_back(e);
  }
  return events_[i];
}

void Timer::flush_l2(cudaStream_t stream) {
  // Writing a buffer twice the L2's size evicts whatever the last call left there.
  check_cuda(cudaMemsetAsync(flush_, 0, flush_bytes_, stream), "L2 flush memset");
}

void Timer::warmup(Method& m, int calls, cudaStream_t stream) {
  for (int i = 0; i < calls; ++i) m.run(stream);
  sync_stream_or_hang(stream, "warm-up sync");
}

double Timer::calibrate(Method& m, cudaStream_t stream) {
  warmup(m, 1, stream);
  std::vector<double> s;
  loop(m, 2, nullptr, false, stream, s);
  double sum = 0;
  for (double x : s) sum += x;
  return sum / double(s.size());
}

double Timer::timed_loop(Method& m, int calls, GraphLoop* graph, cudaStream_t stream,
                         std::vector<double>& samples) {
  return loop(m, calls, graph, mode_ == Mode::server, stream, samples);
}

double Timer::loop(Method& m, int calls, GraphLoop* graph, bool pauses, cudaStream_t stream,
                   std::vector<double>& samples) {
  sync_stream_or_hang(stream, "sync before timing");
  const auto wall0 = Clock::now();
  auto elapsed_us = [](cudaEvent_t a, cudaEvent_t b) {
    float ms = 0;
    check_cuda(cudaEventElapsedTime(&ms, a, b), "cudaEventElapsedTime");
    return double(ms) * 1000.0;
  };

  if (mode_ == Mode::kernel && !l2_cold_) {
    // Back-to-back calls (or one graph replay holding them) between two events.
    const int n = graph ? graph->calls() : calls;
    check_cuda(cudaEventRecord(event(0), stream), "cudaEventRecord");
    if (graph)
      graph->launch(stream);
    else
      for (int i = 0; i < n; ++i) m.run(stream);
    check_cuda(cudaEventRecord(event(1), stream), "cudaEventRecord");
    sync_event_or_hang(event(1), "end of timed loop");
    samples.push_back(elapsed_us(event(0), event(1)) / n);
  } else if (mode_ == Mode::kernel) {
    // Cold L2: flush, then events around each call; read all events after one sync.
    for (int i = 0; i < calls; ++i) {
      flush_l2(stream);
      check_cuda(cudaEventRecord(event(2 * size_t(i)), stream), "cudaEventRecord");
      m.run(stream);
      check_cuda(cudaEventRecord(event(2 * size_t(i) + 1), stream), "cudaEventRecord");
    }
    sync_stream_or_hang(stream, "sync after timing");
    for (int i = 0; i < calls; ++i)
      samples.push_back(elapsed_us(event(2 * size_t(i)), event(2 * size_t(i) + 1)));
  } else {
    // offline / server: what an application calling and waiting would see.
    std::exponential_distribution<double> pause_s(qps_);
    for (int i = 0; i < calls; ++i) {
      if (pauses) std::this_thread::sleep_for(std::chrono::duration<double>(pause_s(rng_)));
      if (l2_cold_) {
        flush_l2(stream);
        sync_stream_or_hang(stream, "sync after L2 flush");
      }
      const auto t0 = Clock::now();
      m.run(stream);
      // Blocking, as the application this mode stands for would wait (the gate's guarded
      // wait has already run every method once on this shape).
      check_cuda(cudaStreamSynchronize(stream), "sync after call");
      samples.push_back(seconds_since(t0) * 1e6);
    }
  }
  check_cuda(cudaGetLastError(), "timed loop");
  return seconds_since(wall0);
}

}  // namespace autogemm::bench
