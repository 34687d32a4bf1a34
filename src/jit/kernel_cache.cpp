#include "jit/kernel_cache.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include "autogemm/types.hpp"
#include "jit/embedded_headers.hpp"
#include "jit/parallel.hpp"

namespace autogemm::jit {
namespace {

// Bump when the meaning of a cached cubin changes without any hashed input changing.
constexpr const char* kKeyFormat = "autogemm-jit-key-v1";

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

KernelCache::KernelCache(Options o)
    : headers_(o.headers ? *o.headers : embedded_headers()), options_(std::move(o.nvrtc_options)) {
  Sha256 h;
  h.field(kKeyFormat).field(nvrtc_version());
  h.field(std::to_string(options_.size()));
  for (const auto& opt : options_) h.field(opt);
  h.field(std::to_string(headers_.size()));
  for (const auto& [path, text] : headers_) h.field(path).field(text);
  base_key_ = h.finish();
  if (o.disk_dir) disk_.emplace(*o.disk_dir, o.disk_max_bytes);
}

KernelCache& KernelCache::global() {
  static KernelCache cache([] {
    Options o;
    o.disk_dir = DiskCache::default_dir() / "kernels";
    o.disk_max_bytes = parse_cache_max_bytes(std::getenv("AUTOGEMM_CACHE_MAX_MB"));
    try {
      DiskCache probe(*o.disk_dir);  // creates the directory
    } catch (const Error& e) {
      // No writable cache directory: every process compiles afresh, but it still works.
      std::fprintf(stderr, "autogemm: %s; JIT cache is in memory only\n", e.what());
      o.disk_dir.reset();
    }
    return o;
  }());
  return cache;
}

Digest KernelCache::key_of(const std::string& source) const {
  return Sha256().update(base_key_.data(), base_key_.size()).field(source).finish();
}

std::shared_ptr<const CompiledKernel> KernelCache::fetch(const Digest& key,
                                                         const std::string& source,
                                                         const std::string& name) const {
  const auto t0 = std::chrono::steady_clock::now();
  auto k = std::make_shared<CompiledKernel>();
  k->key = key;
  if (disk_) {
    if (auto hit = disk_->load(key)) {
      k->cubin = std::move(hit->cubin);
      k->log = std::move(hit->log);
      k->usage = parse_ptxas_log(k->log);
      k->origin = CompiledKernel::Origin::disk;
      k->fetch_seconds = seconds_since(t0);
      return k;
    }
  }
  NvrtcOutput out = nvrtc_compile(source, name, headers_, options_);
  k->cubin = std::move(out.cubin);
  k->log = std::move(out.log);
  k->usage = out.usage;
  k->compile_seconds = out.seconds;
  k->origin = CompiledKernel::Origin::compiled;
  if (disk_) {
    // A cache that cannot be written costs speed next time, not correctness now.
    try {
      disk_->store(key, CacheEntry{k->cubin, k->log});
    } catch (const Error& e) {
      std::fprintf(stderr, "autogemm: %s\n", e.what());
    }
  }
  k->fetch_seconds = seconds_since(t0);
  return k;
}

std::shared_ptr<const CompiledKernel> KernelCache::get(const std::string& source,
                                                       const std::string& name) {
  return lookup(source, name, nullptr);
}

std::shared_ptr<const CompiledKernel> KernelCache::lookup(const std::string& source,
                                                          const std::string& name,
                                                          bool* compiled_now) {
  const Digest key = key_of(source);
  std::promise<std::shared_ptr<const CompiledKernel>> promise;
  std::shared_future<std::shared_ptr<const CompiledKernel>> existing;
  {
    std::lock_guard lock(mutex_);
    if (auto it = memory_.find(key); it != memory_.end())
      existing = it->second;  // a copy: the entry may be erased once we unlock
    else
      memory_.emplace(key, promise.get_future().share());
  }
  if (existing.valid()) return existing.get();
  // This thread owns the key; others asking now wait on the future.
  try {
    auto kernel = fetch(key, source, name);
    if (compiled_now) *compiled_now = kernel->origin == CompiledKernel::Origin::compiled;
    promise.set_value(kernel);
    return kernel;
  } catch (...) {
    promise.set_exception(std::current_exception());
    std::lock_guard lock(mutex_);
    memory_.erase(key);
    throw;
  }
}

std::vector<BuildResult> KernelCache::get_many(const std::vector<std::string>& sources,
                                               const std::vector<std::string>& names, int threads) {
  std::vector<BuildResult> results(sources.size());
  parallel_for(sources.size(), threads, [&](size_t i) {
    try {
      results[i].kernel = lookup(sources[i], i < names.size() ? names[i] : "autogemm_jit.cu",
                                 &results[i].compiled_now);
    } catch (const std::exception& e) {
      results[i].error = e.what();
    }
  });
  return results;
}

}  // namespace autogemm::jit
