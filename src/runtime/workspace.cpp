#include "runtime/workspace.hpp"

#include <algorithm>
#include <map>
#include <memory>
#include <mutex>
#include <shared_mutex>
#include <utility>

#include "autogemm/sm90/types.cuh"
#include "core/cuda_check.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm {
namespace {

// Largest tile area a stream-K spec may have under the register rule (validity.cpp; fp16
// accumulators counted as the fp32 partials they hand over): 3 consumers of (bm / 3) * bn <=
// 12288 accumulators. A CPU test checks every valid stream-K spec against it.
constexpr size_t kMaxTileArea = 36864;
constexpr int kMaxConsumers = 3;

// The flags are zeroed on `stream`, the one this workspace serves: a plain cudaMemset would run
// on the legacy stream, which a non-blocking stream's first kernel need not wait for.
std::unique_ptr<Workspace> allocate(int device, cudaStream_t stream) {
  int sms = 0;
  check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
             "cudaDeviceGetAttribute(multiprocessors)");
  auto ws = std::make_unique<Workspace>();
  const WorkspaceSize size = workspace_size(sms);
  ws->partial_bytes = size.partial_bytes;
  ws->flag_count = size.flag_count;
  check_cuda(cudaMalloc(&ws->partials, ws->partial_bytes), "allocating the stream-K workspace");
  check_cuda(cudaMalloc(&ws->flags, size_t(ws->flag_count) * sizeof(int)),
             "allocating the stream-K flags");
  check_cuda(cudaMemsetAsync(ws->flags, 0, size_t(ws->flag_count) * sizeof(int), stream),
             "zeroing the stream-K flags");
  ws->counter_count = size.counter_count;
  check_cuda(cudaMalloc(&ws->counters, size_t(ws->counter_count) * sizeof(int)),
             "allocating the split-K counters");
  check_cuda(cudaMemsetAsync(ws->counters, 0, size_t(ws->counter_count) * sizeof(int), stream),
             "zeroing the split-K counters");
  // The ticket and claims zero, the map all ones (no CTA recorded) until a plain launch fills it.
  constexpr size_t kClaimBytes = size_t(2 + sm90::kSmSlots) * sizeof(unsigned);
  check_cuda(cudaMalloc(&ws->sm_slots, size_t(sm90::kSmSlotsWords) * sizeof(unsigned)),
             "allocating the SM placement slots");
  check_cuda(cudaMemsetAsync(ws->sm_slots, 0, kClaimBytes, stream), "zeroing the SM claims");
  check_cuda(cudaMemsetAsync(reinterpret_cast<char*>(ws->sm_slots) + kClaimBytes, 0xff,
                             size_t(sm90::kSmIds) * sizeof(unsigned), stream),
             "clearing the SM placement map");
  return ws;
}

}  // namespace

WorkspaceSize workspace_size(int sms) {
  WorkspaceSize size;
  // Stream-K keeps at most one partial tile per SM; split-K with a reduction pass keeps every
  // piece's (validate_problem bounds them by kSplitPassMaxFloats).
  size.partial_bytes = std::max(stream_k_partial_bytes(unsigned(sms), 1, int(kMaxTileArea)),
                                kSplitPassMaxFloats * sizeof(float));
  // A ready flag and a reader count per CTA and consumer warpgroup (fixup.cuh).
  size.flag_count = 2 * kMaxConsumers * sms;
  // split_last's counters (validate_problem bounds a problem's need by this).
  size.counter_count = (long long)kSplitLastMaxCounters;
  return size;
}

const Workspace& workspace_for(int device, cudaStream_t stream) {
  static std::shared_mutex mutex;
  static auto* pool =
      new std::map<std::pair<int, unsigned long long>, std::unique_ptr<Workspace>>();
  // By the stream's id, not its handle: cudaStreamPerThread is one handle for every thread's own
  // stream, and two threads' calls must not share a workspace (their partials, flags and placed
  // claims would collide).
  unsigned long long id = 0;
  check_cuda(cudaStreamGetId(stream, &id), "cudaStreamGetId");
  const auto key = std::make_pair(device, id);
  {
    std::shared_lock lock(mutex);
    auto it = pool->find(key);
    if (it != pool->end()) return *it->second;
  }
  std::unique_lock lock(mutex);
  auto& slot = (*pool)[key];
  if (!slot) slot = allocate(device, stream);
  return *slot;
}

}  // namespace autogemm
