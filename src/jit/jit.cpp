#include "jit/jit.hpp"

#include <algorithm>
#include <chrono>

#include "jit/source.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"

namespace autogemm::jit {

std::shared_ptr<const CompiledKernel> build(const KernelSpec& spec, bool trace) {
  check(spec);
  const std::string name = spec_name(spec);
  try {
    return KernelCache::global().get(kernel_source(spec, trace, jit_defines()),
                                     name + (trace ? "_trace.cu" : ".cu"));
  } catch (const Error& e) {
    throw Error("building kernel " + name + ": " + e.what());
  }
}

std::vector<BuildResult> build_many(const std::vector<KernelSpec>& specs, int threads) {
  std::vector<BuildResult> results(specs.size());
  // Invalid specs fail here, without reaching NVRTC; the rest go to the cache as one batch.
  std::vector<std::string> sources, names;
  std::vector<size_t> index;
  for (size_t i = 0; i < specs.size(); ++i) {
    if (auto broken = validate(specs[i])) {
      results[i].error = "invalid kernel spec " + spec_name(specs[i]) + ": " + *broken;
      continue;
    }
    sources.push_back(kernel_source(specs[i], false, jit_defines()));
    names.push_back(spec_name(specs[i]) + ".cu");
    index.push_back(i);
  }
  auto built = KernelCache::global().get_many(sources, names, threads);
  for (size_t j = 0; j < built.size(); ++j) results[index[j]] = std::move(built[j]);
  return results;
}

const LoadedKernel& load(const KernelSpec& spec, bool trace) {
  return ModuleCache::global().load(*build(spec, trace), kernel_entry_name(), smem_bytes(spec));
}

const LoadedKernel& load_split_reduce(const KernelSpec& spec, bool trace) {
  if (!has_reduction_pass(spec))
    throw Error("spec " + spec_name(spec) +
                " has no reduction pass (split_pass is 1, or its last pieces sum: split_last)");
  return ModuleCache::global().load(*build(spec, trace), split_reduce_entry_name(),
                                    kSplitReduceSmemBytes);
}

PrebuildReport prebuild(const std::vector<KernelSpec>& specs, int threads) {
  const auto t0 = std::chrono::steady_clock::now();
  PrebuildReport report;
  const auto results = build_many(specs, threads);
  for (size_t i = 0; i < specs.size(); ++i) {
    const BuildResult& r = results[i];
    if (!r.ok()) {
      report.failed.emplace_back(specs[i], r.error);
      continue;
    }
    if (r.compiled_now) {
      ++report.compiled;
      report.compile_seconds.push_back(r.kernel->compile_seconds);
    } else {
      ++report.cached;
    }
    if (r.kernel->usage.spills())
      report.spilled.push_back({specs[i], std::max(0, r.kernel->usage.spill_stores),
                                std::max(0, r.kernel->usage.spill_loads)});
    if (r.kernel->usage.wgmma_serialized) report.serialized.push_back(specs[i]);
  }
  report.wall_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return report;
}

}  // namespace autogemm::jit
