// The dispatcher's pick for a shape no tuning table covers: a few hand-written rules.
//
// A stopgap by design: the learned policy (issue 5) replaces it. The rules follow the H200
// measurements in bench/results/h200/ (h200_large187_tn, h200_key3_*): 128x256 cooperative
// tiles with a 2x1 cluster and the TMA epilogue win most large shapes; where that tile leaves
// SMs idle, smaller tiles or stream-K fill them. Each rule is one line of reasoning about how
// many output tiles there are for the SMs:
//
//   1. 128x256 tiles fill at least one wave      -> 128x256 s4 c2x1 coop, TMA epilogue
//   2. 128x128 tiles fill at least one wave      -> 128x128 s6 coop, TMA epilogue
//   3. fewer tiles than SMs and K >= 2048        -> 128x128 s4 coop stream-K: K is split over
//                                                   the idle SMs
//   4. anything else (small M·N, short K)        -> 64x128 s6 one consumer: the most CTAs
#pragma once

#include <string>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm::tune {

// The device facts the heuristic and the policy's features use; defaults are the H200's
// (bench/results/h200: 132 SMs, 228 KiB of shared memory per SM, 60 MiB of L2). Fields after
// sm_count may be left at their defaults: DeviceFacts{sms} stays a valid way to build one.
struct DeviceFacts {
  int sm_count = 132;
  int64_t smem_per_sm_bytes = 233472;
  int64_t l2_bytes = 62914560;
  friend bool operator==(const DeviceFacts&, const DeviceFacts&) = default;
};

struct HeuristicPick {
  KernelSpec spec;     // for the problem's dtype, acc and layout
  std::string reason;  // which rule fired, e.g. "256 128x256 tiles fill a wave of 132 SMs"
};

// Pure: depends on nothing but its arguments. The spec may be invalid only where no spec of
// the problem's types is (e.g. fp16 accumulation with bf16 data).
HeuristicPick heuristic_pick(const Problem& p, const DeviceFacts& device = {});

}  // namespace autogemm::tune
