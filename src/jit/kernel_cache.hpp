// Source -> cubin, through an in-memory cache, the on-disk cache, and NVRTC.
#pragma once

#include <filesystem>
#include <future>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "jit/disk_cache.hpp"
#include "jit/nvrtc_compiler.hpp"
#include "jit/sha256.hpp"

namespace autogemm::jit {

struct CompiledKernel {
  enum class Origin { compiled, disk };
  Digest key{};
  std::string cubin;
  std::string log;  // NVRTC's log of the original compilation (also for disk hits)
  ResourceUsage usage;
  Origin origin = Origin::compiled;
  double compile_seconds = 0;  // NVRTC time when compiled by this process, else 0
  double fetch_seconds = 0;    // wall time of the lookup that produced it: compile or disk read
};

// A per-item outcome of a batch: exactly one of kernel / error is set.
struct BuildResult {
  std::shared_ptr<const CompiledKernel> kernel;
  std::string error;
  bool compiled_now = false;  // NVRTC ran for this item during this batch (not a cache hit)
  bool ok() const { return kernel != nullptr; }
};

class KernelCache {
 public:
  struct Options {
    std::optional<std::filesystem::path> disk_dir;  // nullopt: memory only
    uint64_t disk_max_bytes = 0;                    // the disk cache's limit (0: none)
    std::vector<std::string> nvrtc_options = default_nvrtc_options();
    const HeaderMap* headers = nullptr;  // nullptr: embedded_headers()
  };

  explicit KernelCache(Options);
  KernelCache(const KernelCache&) = delete;
  KernelCache& operator=(const KernelCache&) = delete;

  // The process-wide cache: embedded headers, default options, DiskCache::default_dir()/kernels.
  static KernelCache& global();

  // Returns the kernel for `source`, compiling at most once per key in this process even when
  // several threads ask at once. `name` labels the NVRTC program in errors and logs.
  // Throws Error on a compile failure (not cached: a later call retries).
  std::shared_ptr<const CompiledKernel> get(const std::string& source,
                                            const std::string& name = "autogemm_jit.cu");

  // get() for many sources on `threads` threads; results in input order, errors per item.
  std::vector<BuildResult> get_many(const std::vector<std::string>& sources,
                                    const std::vector<std::string>& names, int threads);

  // SHA-256 of (cache format, source, every header's path and contents, NVRTC version,
  // options — the options carry the arch).
  Digest key_of(const std::string& source) const;

  const std::optional<DiskCache>& disk() const { return disk_; }

 private:
  // get(), also telling whether this call ran NVRTC.
  std::shared_ptr<const CompiledKernel> lookup(const std::string& source, const std::string& name,
                                               bool* compiled_now);
  std::shared_ptr<const CompiledKernel> fetch(const Digest& key, const std::string& source,
                                              const std::string& name) const;

  const HeaderMap& headers_;
  std::vector<std::string> options_;
  Digest base_key_;  // everything but the source, hashed once
  std::optional<DiskCache> disk_;
  std::mutex mutex_;
  std::map<Digest, std::shared_future<std::shared_ptr<const CompiledKernel>>> memory_;
};

}  // namespace autogemm::jit
