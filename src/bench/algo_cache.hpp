// Where cuBLASLt autotuning keeps the algorithm it chose per problem, so that it is chosen
// once. `autogemm bench` runs without one (each run autotunes afresh, as its protocol says);
// the tuner backs one with the experience store (tune/reference_cache.hpp), so its reference
// is found once per shape and reused by later batches, runs and workers.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::bench {

// The rule by which cuBLASLt autotuning picks its algorithm (cublaslt_autotune_method.cpp).
// A kept choice belongs to the rule that made it: bump this when the rule changes, so that
// caches keyed with it (the tuner's) search again instead of reusing the old rule's choices.
// 1: the fastest single timing; 2: the 3 fastest correct re-timed in 5 interleaved rounds.
inline constexpr int kAutotuneRuleVersion = 2;

class AlgoCache {
 public:
  virtual ~AlgoCache() = default;
  // The bytes of the cublasLtMatmulAlgo_t kept for `problem` and `method`, if any.
  virtual std::optional<std::vector<uint8_t>> find(const Problem& problem,
                                                   const std::string& method) = 0;
  // Keeps `algo` for `problem` and `method`, replacing what was kept; `description` is
  // describe_algo()'s text.
  virtual void put(const Problem& problem, const std::string& method,
                   const std::vector<uint8_t>& algo, const std::string& description) = 0;
};

}  // namespace autogemm::bench
