// The JIT's front door: KernelSpec -> compiled cubin (cached) -> loaded kernel.
//
// Everything here uses the process-wide caches (KernelCache::global(), ModuleCache::global()),
// so every part of a program shares one compilation per spec.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "jit/kernel_cache.hpp"
#include "jit/module_cache.hpp"
#include "spec/kernel_spec.hpp"

namespace autogemm::jit {

// check(spec), then the cached cubin of kernel_source(spec, trace). Throws Error naming the spec.
std::shared_ptr<const CompiledKernel> build(const KernelSpec&, bool trace = false);

// build() for many specs on `threads` threads (<= 0: one per hardware thread); results in
// input order; an invalid or failing spec fails only its own item.
std::vector<BuildResult> build_many(const std::vector<KernelSpec>&, int threads);

// build(), then load into the current context with the spec's dynamic shared memory.
// Needs a GPU. `trace`: the tracing build (trace.cuh), for `autogemm trace` only.
const LoadedKernel& load(const KernelSpec&, bool trace = false);
// The same module's reduction pass (has_reduction_pass specs only; Error otherwise).
const LoadedKernel& load_split_reduce(const KernelSpec&, bool trace = false);

// Fills the on-disk cache ahead of time (`autogemm prebuild`).
struct PrebuildReport {
  size_t compiled = 0;                                     // compiled now by NVRTC
  size_t cached = 0;                                       // already on disk (or in memory)
  std::vector<std::pair<KernelSpec, std::string>> failed;  // spec, error
  std::vector<double> compile_seconds;                     // one per spec compiled now
  // Built, but ptxas spilled registers to local memory (bytes stored, bytes loaded): slower
  // than its registers promise, whatever the tuner measured it at.
  struct Spill {
    KernelSpec spec;
    int store_bytes = 0, load_bytes = 0;
  };
  std::vector<Spill> spilled;
  // Built, but ptxas serialized its wgmmas (ResourceUsage::wgmma_serialized).
  std::vector<KernelSpec> serialized;
  double wall_seconds = 0;
};
PrebuildReport prebuild(const std::vector<KernelSpec>&, int threads);

}  // namespace autogemm::jit
