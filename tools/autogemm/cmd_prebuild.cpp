// autogemm prebuild: compile kernel specs into the on-disk JIT cache ahead of time, so that the
// first gemm() call of an application only loads a cubin. Needs no GPU.
//   autogemm prebuild --spec sweep --layout both          (the default sweep, both layouts)
//   autogemm prebuild --spec sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m
#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <thread>

#include "bench/errors.hpp"
#include "commands.hpp"
#include "jit/jit.hpp"
#include "spec/enumerate.hpp"
#include "spec/name.hpp"

namespace autogemm::cli {

void register_prebuild(CLI::App& app) {
  auto* sub = app.add_subcommand("prebuild",
                                 "Compile kernel specs into the JIT cache ($AUTOGEMM_CACHE_DIR or "
                                 "~/.cache/autogemm) with NVRTC, in parallel. Needs no GPU.");
  struct Options {
    std::vector<std::string> specs;
    std::string dtype = "fp16", acc = "fp32", layout = "both";
    int threads = 0;
    std::string cache_dir;
  };
  auto opts = std::make_shared<Options>();
  sub->add_option("--spec", opts->specs,
                  "Kernel spec name (repeatable), or 'sweep' for the default sweep")
      ->required();
  sub->add_option("--dtype", opts->dtype, "Data type of the sweep: fp16 | bf16")
      ->capture_default_str();
  sub->add_option("--acc", opts->acc, "Accumulator of the sweep: fp32 | fp16")
      ->capture_default_str();
  sub->add_option("--layout", opts->layout, "Layouts of the sweep: nn | tn | both")
      ->capture_default_str();
  sub->add_option("--threads", opts->threads, "Compile threads (0: one per CPU)")
      ->capture_default_str();
  sub->add_option("--cache-dir", opts->cache_dir,
                  "Cache folder to fill (sets AUTOGEMM_CACHE_DIR; e.g. an empty one to time "
                  "cold compiles)");
  sub->callback([opts] {
    if (!opts->cache_dir.empty()) setenv("AUTOGEMM_CACHE_DIR", opts->cache_dir.c_str(), 1);
    std::vector<KernelSpec> specs;
    for (const auto& s : opts->specs) {
      if (s != "sweep") {
        try {
          specs.push_back(parse_name(s));
        } catch (const Error& e) {
          throw bench::InputError(e.what());
        }
        continue;
      }
      DType dtype;
      AccType acc;
      try {
        dtype = parse_dtype(opts->dtype);
        acc = parse_acc(opts->acc);
      } catch (const Error& e) {
        throw bench::InputError(e.what());
      }
      if (opts->layout != "nn" && opts->layout != "tn" && opts->layout != "both")
        throw bench::InputError("--layout must be nn, tn or both, got '" + opts->layout + "'");
      for (Layout l : {Layout::nn, Layout::tn}) {
        if (opts->layout != "both" && opts->layout != to_string(l)) continue;
        for (const auto& k : default_sweep(dtype, acc, l)) specs.push_back(k);
      }
    }
    const int threads =
        opts->threads > 0 ? opts->threads : std::max(1u, std::thread::hardware_concurrency());
    std::cerr << "compiling " << specs.size() << " specs on " << threads << " threads\n";
    auto report = jit::prebuild(specs, threads);
    std::sort(report.compile_seconds.begin(), report.compile_seconds.end());
    const double median = report.compile_seconds.empty()
                              ? 0
                              : report.compile_seconds[report.compile_seconds.size() / 2];
    std::cout << "compiled " << report.compiled << ", already cached " << report.cached
              << ", failed " << report.failed.size() << "; median NVRTC time per spec " << median
              << " s; wall " << report.wall_seconds << " s\n";
    for (const auto& [spec, why] : report.failed)
      std::cout << "FAILED " << spec_name(spec) << ": " << why << "\n";
    for (const auto& s : report.spilled)
      std::cout << "SPILLS " << spec_name(s.spec) << ": " << s.store_bytes
                << " bytes spill stores, " << s.load_bytes << " bytes spill loads\n";
    if (!report.spilled.empty())
      std::cout << report.spilled.size() << " of " << specs.size() - report.failed.size()
                << " built specs spill registers to local memory\n";
    for (const KernelSpec& s : report.serialized)
      std::cout << "SERIALIZED " << spec_name(s) << ": ptxas serializes its wgmmas (C7514)\n";
    if (!report.serialized.empty())
      std::cout << report.serialized.size() << " of " << specs.size() - report.failed.size()
                << " built specs have their wgmmas serialized by ptxas\n";
    if (!report.failed.empty()) throw Error(std::to_string(report.failed.size()) + " specs failed");
  });
}

}  // namespace autogemm::cli
