// autogemm overhead: what one autogemm::gemm call costs on the host, against a bare
// cuLaunchKernelEx of the same kernel with everything prepared, and what the first call of a
// process costs (JIT cache lookup, module load, launch plan). Host clocks around batches of
// enqueues; the GPU is synchronised between batches so the launch queue never fills.
#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "bench/errors.hpp"
#include "bench/shapes.hpp"
#include "commands.hpp"
#include "core/cuda_check.hpp"
#include "core/driver_api.hpp"
#include "jit/jit.hpp"
#include "runtime/launch.hpp"
#include "spec/name.hpp"

namespace autogemm::cli {
namespace {

using Clock = std::chrono::steady_clock;
double us_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::micro>(Clock::now() - t0).count();
}
double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, size_t(q * double(v.size())))];
}

}  // namespace

void register_overhead(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "overhead",
      "Host cost of an autogemm::gemm call vs a bare cuLaunchKernelEx, and of the "
      "first call in a process (JIT cache, module load, plan). Needs a GPU.");
  struct Options {
    std::string spec, mnk = "64_64_64", out;
    int batches = 50, calls = 100;
  };
  auto o = std::make_shared<Options>();
  sub->add_option("--spec", o->spec, "Kernel spec name")->required();
  sub->add_option("--mnk", o->mnk, "Shape M_N_K")->capture_default_str();
  sub->add_option("--batches", o->batches, "Timed batches")->capture_default_str();
  sub->add_option("--calls", o->calls, "Calls per batch")->capture_default_str();
  sub->add_option("--out", o->out, "CSV file for the measurements");
  sub->callback([o] {
    KernelSpec spec;
    Shape shape;
    try {
      spec = parse_name(o->spec);
      shape = bench::parse_mnk(o->mnk);
    } catch (const Error& e) {
      throw bench::InputError(e.what());
    }
    if (o->batches < 1 || o->calls < 1)
      throw bench::InputError("--batches and --calls must be >= 1");
    require_gpu();
    const Problem p{shape, spec.dtype, spec.acc, spec.layout};
    void *a, *b, *c, *c2;
    check_cuda(cudaMalloc(&a, shape.m * shape.k * 2), "cudaMalloc");
    check_cuda(cudaMalloc(&b, shape.k * shape.n * 2), "cudaMalloc");
    check_cuda(cudaMalloc(&c, shape.m * shape.n * 2), "cudaMalloc");
    check_cuda(cudaMalloc(&c2, shape.m * shape.n * 2), "cudaMalloc");
    check_cuda(cudaFree(nullptr), "context");

    // First use in this process: the JIT (disk cache or NVRTC), then the module load.
    auto t0 = Clock::now();
    const auto compiled = jit::build(spec);
    const double build_us = us_since(t0);
    t0 = Clock::now();
    const jit::LoadedKernel& loaded = jit::load(spec);
    const double load_us = us_since(t0);
    t0 = Clock::now();
    gemm(p, o->spec, a, b, c, nullptr);  // first call: plan (tensor maps, occupancy query)
    const double first_call_us = us_since(t0);
    gemm(p, o->spec, a, b, c2, nullptr);  // the second C's plan, and gemm()'s own choice's
    gemm(p, a, b, c, nullptr);
    check_cuda(cudaDeviceSynchronize(), "first call");

    if (spec.stream_k || has_reduction_pass(spec))
      throw bench::InputError(
          "overhead: pick a spec without stream-K or a reduction pass (skpN; skpNl is one launch)");
    // A bare launch of the same kernel: config and parameters built once, outside the loop.
    const LaunchPlan plan =
        make_plan(spec, p, loaded.function, max_active_clusters(loaded.function, spec), a, b, c);
    const LaunchConfig launch(plan, nullptr);
    int device = 0;
    check_cuda(cudaGetDevice(&device), "cudaGetDevice");
    // split_last needs the stream's workspace (its counters), as gemm() passes it.
    sm90::GemmArgs args =
        launch_args(plan, plan.needs_workspace() ? &workspace_for(device, nullptr) : nullptr);
    CUtensorMap maps[3] = {plan.maps.a, plan.maps.b, plan.maps.c};
    void* params[] = {&maps[0], &maps[1], &maps[2], &args};

    // Arms: the same call repeated (gemm() launches its previous plan), the same spec with C
    // alternating between two buffers (each call looks its plan up), gemm() without a spec
    // (its own choice, which may be another kernel), and the bare launch.
    enum Arm { kSame, kAlternating, kChosen, kBare, kArms };
    std::vector<double> times[kArms];
    for (int batch = 0; batch < o->batches; ++batch) {
      // Rotate which goes first so drift in clocks or queue state hits all alike.
      for (int turn = 0; turn < kArms; ++turn) {
        const int arm = (turn + batch) % kArms;
        // One untimed call first: each arm's first call would otherwise pay the previous arm's
        // plan change (gemm() relaunches only its previous call's plan without a lookup).
        for (int i = -1; i < o->calls; ++i) {
          if (i == 0) t0 = Clock::now();
          switch (arm) {
            case kSame:
              gemm(p, o->spec, a, b, c, nullptr);
              break;
            case kAlternating:
              gemm(p, o->spec, a, b, i % 2 != 0 ? c2 : c, nullptr);
              break;
            case kChosen:
              gemm(p, a, b, c, nullptr);
              break;
            default:
              check_driver(driver().launch_kernel_ex(&launch.cfg, loaded.function, params, nullptr),
                           "cuLaunchKernelEx");
          }
        }
        times[arm].push_back(us_since(t0) / o->calls);
        check_cuda(cudaDeviceSynchronize(), "batch");
      }
    }
    const std::vector<double>& api = times[kSame];
    const std::vector<double>& bare = times[kBare];
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(c2);

    struct Row {
      const char* what;
      double median, p10, p90;
    };
    const Row rows[] = {
        {"jit_build_first_use", build_us, build_us, build_us},
        {"module_load", load_us, load_us, load_us},
        {"first_gemm_call_plan", first_call_us, first_call_us, first_call_us},
        {"gemm_call_host", percentile(api, 0.5), percentile(api, 0.1), percentile(api, 0.9)},
        {"gemm_call_host_alternating_c", percentile(times[kAlternating], 0.5),
         percentile(times[kAlternating], 0.1), percentile(times[kAlternating], 0.9)},
        {"gemm_own_choice_call_host", percentile(times[kChosen], 0.5),
         percentile(times[kChosen], 0.1), percentile(times[kChosen], 0.9)},
        {"bare_cuLaunchKernelEx_host", percentile(bare, 0.5), percentile(bare, 0.1),
         percentile(bare, 0.9)},
    };
    const Choice own = choose(p);
    std::cout << "spec " << o->spec << "  shape " << o->mnk << "  (JIT: "
              << (compiled->origin == jit::CompiledKernel::Origin::disk ? "disk cache hit"
                                                                        : "compiled now")
              << ")\n";
    std::cout << "  gemm()'s own choice: " << own.kind << " " << own.spec << "\n";
    for (const auto& r : rows)
      std::cout << "  " << r.what << ": median " << r.median << " us (p10 " << r.p10 << ", p90 "
                << r.p90 << ")\n";
    std::cout << "  overhead of gemm() over a bare launch: "
              << percentile(api, 0.5) - percentile(bare, 0.5) << " us per call\n";
    if (!o->out.empty()) {
      std::ofstream f(o->out);
      f << "what,median_us,p10_us,p90_us,spec,jit_origin\n";
      for (const auto& r : rows)
        f << r.what << "," << r.median << "," << r.p10 << "," << r.p90 << "," << o->spec << ","
          << (compiled->origin == jit::CompiledKernel::Origin::disk ? "disk" : "compiled") << "\n";
      if (!f) throw Error("cannot write " + o->out);
    }
  });
}

}  // namespace autogemm::cli
