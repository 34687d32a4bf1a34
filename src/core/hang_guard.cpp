#include "core/hang_guard.hpp"

#include <chrono>
#include <cmath>
#include <cstdlib>
#include <mutex>
#include <sstream>
#include <thread>
#include <utility>

#include "core/cuda_check.hpp"

namespace autogemm {
namespace {

thread_local std::string current_activity;

std::mutex& handler_mutex() {
  static std::mutex m;
  return m;
}
HangHandler& handler_storage() {
  static HangHandler h;
  return h;
}

}  // namespace

double hang_limit_seconds() {
  const char* env = std::getenv("AUTOGEMM_HANG_SECONDS");
  if (env == nullptr || *env == '\0') return 120.0;
  char* end = nullptr;
  const double s = std::strtod(env, &end);
  if (end == env || *end != '\0' || !std::isfinite(s) || s <= 0)
    throw Error(std::string("AUTOGEMM_HANG_SECONDS must be a positive number of seconds, got '") +
                env + "'");
  return s;
}

std::string method_activity(const std::string& method, const std::string& spec,
                            const std::string& shape) {
  return method + (spec.empty() ? "" : " " + spec) + " on " + shape;
}

bool activity_runs_spec(const std::string& activity, const std::string& spec) {
  return !spec.empty() && activity.find(" " + spec + " on ") != std::string::npos;
}

HangActivity::HangActivity(std::string what) : previous_(std::move(current_activity)) {
  current_activity = std::move(what);
}

HangActivity::~HangActivity() {
  current_activity = std::move(previous_);
}

const std::string& HangActivity::current() {
  return current_activity;
}

ScopedHangHandler::ScopedHangHandler(HangHandler handler) {
  std::lock_guard lock(handler_mutex());
  previous_ = std::exchange(handler_storage(), std::move(handler));
}

ScopedHangHandler::~ScopedHangHandler() {
  std::lock_guard lock(handler_mutex());
  handler_storage() = std::move(previous_);
}

cudaError_t wait_or_hang(const std::function<cudaError_t()>& query, double limit_s,
                         const std::string& what) {
  using Clock = std::chrono::steady_clock;
  const auto t0 = Clock::now();
  const auto limit = std::chrono::duration<double>(limit_s);
  for (;;) {
    const cudaError_t e = query();
    if (e != cudaErrorNotReady) return e;
    const auto waited = Clock::now() - t0;
    if (waited > limit) break;
    // Spin through the first second, as cudaStreamSynchronize does (a sleep would leave the GPU
    // idle between the bench's loops and change its clocks), then back off so a long wait does
    // not hold a core.
    if (waited > std::chrono::seconds(1))
      std::this_thread::sleep_for(std::chrono::microseconds(200));
  }
  const std::string& activity = HangActivity::current();
  std::ostringstream limit_text;
  limit_text << limit_s;
  const GpuHang hang(what + ": no completion within " + limit_text.str() +
                         " s (AUTOGEMM_HANG_SECONDS)" +
                         (activity.empty() ? std::string() : " while running " + activity) +
                         "; the GPU is stuck, most likely in a deadlocked kernel",
                     activity);
  HangHandler handler;
  {
    std::lock_guard lock(handler_mutex());
    handler = handler_storage();
  }
  if (handler) {
    try {
      handler(hang);
    } catch (...) {  // whatever it threw, what the caller must see is the hang
    }
  }
  throw hang;
}

void sync_stream_or_hang(cudaStream_t stream, const std::string& what) {
  check_cuda(wait_or_hang([stream] { return cudaStreamQuery(stream); }, hang_limit_seconds(), what),
             what);
}

void sync_event_or_hang(cudaEvent_t event, const std::string& what) {
  check_cuda(wait_or_hang([event] { return cudaEventQuery(event); }, hang_limit_seconds(), what),
             what);
}

}  // namespace autogemm
