// The shape's reference, found once and kept: the algorithm cuBLASLt autotuning chose for a
// problem, in the experience store's file.
//
// Why: the tuner times every batch against cuBLASLt-autotune's best algorithm, and autotuning
// (up to 100 algorithms timed) costs more than a batch of candidates on small shapes; it used
// to run again for every batch and every resumed run. The algorithm is kept as the bytes of
// cublasLtMatmulAlgo_t (a plain struct of eight uint64_t): opaque here, checked by cuBLASLt
// (cublasLtMatmulAlgoCheck) before reuse, and found afresh when the check fails.
//
// Keyed by everything that decides which algorithms exist and which is fastest: GPU model,
// driver, CUDA runtime, cuBLASLt version, the problem (shape, dtype, acc, layout) and the
// reference method. The GPU's UUID is kept beside it, to say which GPU found it; GPUs of one
// model share the entry.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "autogemm/types.hpp"

namespace autogemm::tune {

class ExperienceStore;
class SqliteDb;

struct ReferenceKey {
  // cublaslt: cublasLtGetVersion() as text and the autotuning rule (kept_choice_version())
  std::string gpu_name, driver, cuda, cublaslt;
  Problem problem;
  std::string method;  // e.g. cublaslt_autotune_tn
};

struct CachedReference {
  std::vector<uint8_t> algo;  // the cublasLtMatmulAlgo_t bytes
  std::string description;    // describe_algo()'s text, for people
  std::string gpu_uuid;       // the GPU that found it
  std::string timestamp;      // when it was found
  friend bool operator==(const CachedReference&, const CachedReference&) = default;
};

class ReferenceCache {
 public:
  // The table in `store`'s file (created when absent), on a connection of its own.
  explicit ReferenceCache(const ExperienceStore& store);
  ~ReferenceCache();
  ReferenceCache(ReferenceCache&&) noexcept;
  ReferenceCache& operator=(ReferenceCache&&) noexcept;

  std::optional<CachedReference> find(const ReferenceKey& key) const;
  // Adds or replaces the entry (a fresh autotune after a failed check replaces the old one).
  void put(const ReferenceKey& key, const CachedReference& ref);
  // Removes the entry, if any.
  void forget(const ReferenceKey& key);

 private:
  std::unique_ptr<SqliteDb> db_;
};

}  // namespace autogemm::tune
