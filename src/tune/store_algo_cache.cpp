#include "tune/store_algo_cache.hpp"

#include <cublasLt.h>

namespace autogemm::tune {

std::string cublaslt_version() {
  return std::to_string(cublasLtGetVersion());
}

std::string kept_choice_version() {
  return cublaslt_version() + " rule" + std::to_string(bench::kAutotuneRuleVersion);
}

StoreAlgoCache::StoreAlgoCache(ReferenceCache& cache, Environment env)
    : cache_(cache), env_(std::move(env)), cublaslt_(kept_choice_version()) {}

ReferenceKey StoreAlgoCache::key(const Problem& problem, const std::string& method) const {
  return {env_.gpu_name, env_.driver, env_.cuda, cublaslt_, problem, method};
}

std::optional<std::vector<uint8_t>> StoreAlgoCache::find(const Problem& problem,
                                                         const std::string& method) {
  const auto kept = cache_.find(key(problem, method));
  if (!kept) return std::nullopt;
  return kept->algo;
}

void StoreAlgoCache::put(const Problem& problem, const std::string& method,
                         const std::vector<uint8_t>& algo, const std::string& description) {
  cache_.put(key(problem, method), {algo, description, env_.gpu_uuid, ""});
}

}  // namespace autogemm::tune
