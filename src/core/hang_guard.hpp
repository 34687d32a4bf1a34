// Waiting for the GPU with a time limit. A kernel that deadlocks (a pipeline barrier that is never
// released) would otherwise hang the process for good: a plain cudaStreamSynchronize never
// returns, and neither does any later CUDA call that synchronizes (cudaFree included), so not
// even unwinding the stack is safe. The guarded waits poll instead and, past the limit, hand a
// GpuHang to the process's hang handler (which reports and ends the process without cleanup),
// or throw it when none is installed.
#pragma once

#include <cuda_runtime.h>

#include <functional>
#include <stdexcept>
#include <string>

#include "autogemm/types.hpp"

namespace autogemm {

// A GPU operation that did not finish within the limit. The CUDA context cannot be used again:
// the kernel still runs, and every synchronizing call (cudaFree too) would wait for it. Not an
// autogemm::Error on purpose: no handler of failed calls (which mark a row failed and go on) may
// catch it.
class GpuHang : public std::runtime_error {
 public:
  GpuHang(const std::string& message, std::string activity)
      : std::runtime_error(message), activity_(std::move(activity)) {}
  // What was running (HangActivity), e.g. "autogemm sm90_... on 1024_1024_16384"; may be empty.
  const std::string& activity() const { return activity_; }

 private:
  std::string activity_;
};

// The limit in seconds: AUTOGEMM_HANG_SECONDS, else 120. Throws Error naming the variable when it
// is not a positive number.
double hang_limit_seconds();

// The activity of a method on a shape, "<method> <spec> on <shape>" (no spec: "<method> on
// <shape>"), and whether an activity so named is that spec's.
std::string method_activity(const std::string& method, const std::string& spec,
                            const std::string& shape);
bool activity_runs_spec(const std::string& activity, const std::string& spec);

// Names what the calling thread is about to run, for the GpuHang message, while in scope.
class HangActivity {
 public:
  explicit HangActivity(std::string what);
  ~HangActivity();
  HangActivity(const HangActivity&) = delete;
  HangActivity& operator=(const HangActivity&) = delete;
  // The innermost activity of this thread ("" when none).
  static const std::string& current();

 private:
  std::string previous_;
};

// Called with the GpuHang before it would be thrown; meant to report and end the process
// (std::_Exit), since nothing after a hang may synchronize. If it returns or throws, the GpuHang
// is thrown. One per process at a time.
using HangHandler = std::function<void(const GpuHang&)>;

// Installs a handler for its lifetime, then puts the previous one back.
class ScopedHangHandler {
 public:
  explicit ScopedHangHandler(HangHandler handler);
  ~ScopedHangHandler();
  ScopedHangHandler(const ScopedHangHandler&) = delete;
  ScopedHangHandler& operator=(const ScopedHangHandler&) = delete;

 private:
  HangHandler previous_;
};

// Polls `query` (a cudaStreamQuery / cudaEventQuery) until it returns something other than
// cudaErrorNotReady, and returns that; after `limit_s` seconds, a GpuHang naming `what` and the
// current activity goes to the hang handler, then is thrown.
cudaError_t wait_or_hang(const std::function<cudaError_t()>& query, double limit_s,
                         const std::string& what);

// cudaStreamSynchronize / cudaEventSynchronize with the limit hang_limit_seconds(); a CUDA error
// is thrown as Error("<what>: ...") as check_cuda does.
void sync_stream_or_hang(cudaStream_t stream, const std::string& what);
void sync_event_or_hang(cudaEvent_t event, const std::string& what);

}  // namespace autogemm
