#include "runtime/sm_placement.hpp"

#include <fmt/format.h>

#include <mutex>

#include "autogemm/sm90/types.cuh"
#include "autogemm/types.hpp"
#include "core/cuda_check.hpp"
#include "core/driver_api.hpp"
#include "jit/kernel_cache.hpp"
#include "jit/module_cache.hpp"
#include "runtime/launch.hpp"

namespace autogemm {
namespace {

constexpr const char* kEntry = "autogemm_sm_placement";

// More than half of an SM's shared memory (228 KB on sm_90), so that no SM holds two CTAs; the
// clock loop (~70 us at 1.4 GHz) keeps every CTA resident until the whole grid is placed.
constexpr int kSmemBytes = 160 * 1024;

std::string placement_source() {
  return fmt::format(
      "extern \"C\" __global__ void {}(unsigned* map) {{\n"
      "  unsigned sm;\n"
      "  asm volatile(\"mov.u32 %0, %%smid;\" : \"=r\"(sm));\n"
      "  if (threadIdx.x == 0 && sm < {}u) map[sm] = blockIdx.x;\n"
      "  const long long start = clock64();\n"
      "  while (clock64() - start < 100000) {{\n"
      "  }}\n"
      "}}\n",
      kEntry, sm90::kSmIds);
}

}  // namespace

void record_sm_placement(const Workspace& ws, cudaStream_t stream, int sms) {
  // Every placed launch comes here: once recorded, one load and nothing else.
  if (ws.placement_recorded.load(std::memory_order_acquire)) return;
  if (sms < 1 || sms > sm90::kSmSlots)
    throw Error(fmt::format("pieces placed by SM: {} SMs (at most {})", sms, sm90::kSmSlots));
  // Not while the stream is being captured into a graph: the recording would run at every replay
  // and never now. A later launch outside capture records it (until then the map is empty and
  // each CTA takes the slot of its SM's number, still exactly once).
  cudaStreamCaptureStatus capture = cudaStreamCaptureStatusNone;
  check_cuda(cudaStreamIsCapturing(stream, &capture), "cudaStreamIsCapturing");
  if (capture != cudaStreamCaptureStatusNone) return;
  static std::mutex mutex;
  std::lock_guard lock(mutex);
  if (ws.placement_recorded.load(std::memory_order_relaxed)) return;
  // The map only places the pieces well; a recording that cannot compile or launch leaves it
  // empty, as above, rather than failing the call.
  try {
    const auto compiled = jit::KernelCache::global().get(placement_source(), "sm_placement.cu");
    const jit::LoadedKernel& kernel =
        jit::ModuleCache::global().load(*compiled, kEntry, kSmemBytes);
    unsigned* map = ws.sm_slots + 2 + sm90::kSmSlots;
    void* params[] = {&map};
    const LaunchConfig config(unsigned(sms), 128, unsigned(kSmemBytes), 1, stream, /*pdl=*/false,
                              /*cluster_attribute=*/false);
    check_driver(driver().launch_kernel_ex(&config.cfg, kernel.function, params, nullptr),
                 "cuLaunchKernelEx (SM placement map)");
  } catch (const Error&) {
  }
  ws.placement_recorded.store(true, std::memory_order_release);
}

}  // namespace autogemm
