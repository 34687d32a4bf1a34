// The tuner's AlgoCache (bench/algo_cache.hpp): cuBLASLt autotuning's choice per problem kept
// in the experience store (reference_cache.hpp), keyed by where this process measures.
#pragma once

#include <string>

#include "bench/algo_cache.hpp"
#include "tune/measurement.hpp"
#include "tune/reference_cache.hpp"

namespace autogemm::tune {

// cublasLtGetVersion() as text, e.g. "130100": part of the key, since another cuBLASLt may
// offer other algorithms.
std::string cublaslt_version();
// What a kept choice is keyed by besides the machine: this cuBLASLt and the autotuning rule
// that chose it (bench::kAutotuneRuleVersion), e.g. "130100 rule2". Choices kept under another
// cuBLASLt or an older rule are not found, so they are searched again.
std::string kept_choice_version();

class StoreAlgoCache : public bench::AlgoCache {
 public:
  // Entries are keyed by `env`'s GPU model, driver and CUDA runtime and kept_choice_version().
  StoreAlgoCache(ReferenceCache& cache, Environment env);

  std::optional<std::vector<uint8_t>> find(const Problem& problem,
                                           const std::string& method) override;
  void put(const Problem& problem, const std::string& method, const std::vector<uint8_t>& algo,
           const std::string& description) override;

  ReferenceKey key(const Problem& problem, const std::string& method) const;

 private:
  ReferenceCache& cache_;
  Environment env_;
  std::string cublaslt_;
};

}  // namespace autogemm::tune
