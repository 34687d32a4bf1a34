#include "trace/trace_run.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "core/cuda_check.hpp"
#include "core/hang_guard.hpp"
#include "jit/jit.hpp"
#include "runtime/launch.hpp"
#include "runtime/workspace.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"

namespace autogemm::trace {
namespace {

// Mean µs per call of `runs` back-to-back calls, as the bench's kernel mode times them.
template <class Call>
double time_back_to_back(int runs, cudaStream_t stream, Call call) {
  cudaEvent_t start, stop;
  check_cuda(cudaEventCreate(&start), "cudaEventCreate");
  check_cuda(cudaEventCreate(&stop), "cudaEventCreate");
  check_cuda(cudaEventRecord(start, stream), "cudaEventRecord");
  for (int i = 0; i < runs; ++i) call();
  check_cuda(cudaEventRecord(stop, stream), "cudaEventRecord");
  sync_event_or_hang(stop, "end of timed calls");
  float ms = 0;
  check_cuda(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return double(ms) * 1000.0 / runs;
}

}  // namespace

TraceRun run_traced(const KernelSpec& spec, const Problem& p, const void* a, const void* b, void* c,
                    int runs, double warmup_ms, cudaStream_t stream) {
  if (runs < 1) throw Error("trace: runs must be >= 1");
  const std::string name = spec_name(spec);
  const HangActivity activity("trace " + name + " on " + std::to_string(p.shape.m) + "_" +
                              std::to_string(p.shape.n) + "_" + std::to_string(p.shape.k));
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");

  // Warm up (untraced) until the clocks settle; the timing below alternates both builds.
  const auto t0 = std::chrono::steady_clock::now();
  do {
    for (int i = 0; i < 20; ++i) gemm(p, name, a, b, c, stream);
    sync_stream_or_hang(stream, "warm-up");
  } while (
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() <
      warmup_ms);
  TraceRun run;

  // Traced: the same plan with the tracing build's function and a buffer.
  const jit::LoadedKernel& kernel = jit::load(spec, /*trace=*/true);
  LaunchPlan plan = make_plan(
      spec, p, kernel.function, max_active_clusters(kernel.function, spec), a, b, c,
      has_reduction_pass(spec) ? jit::load_split_reduce(spec, /*trace=*/true).function : nullptr);
  const long long tiles_m = (plan.args.m + spec.bm - 1) / spec.bm;
  const long long tiles_n = (plan.args.n + spec.bn - 1) / spec.bn;
  // Items: whole tiles, or split-K's pieces (a placed grid's CTAs can take several each).
  const long long items = tiles_m * tiles_n * std::max(1, spec.split_pass);
  const long long per_cta = (items + plan.grid - 1) / plan.grid;
  run.layout =
      TraceLayout{int(plan.grid), spec.consumers + 1, int(std::min(per_cta + 8, 1LL << 16))};
  run.words.assign(trace_words(run.layout), 0);
  uint64_t* buffer = nullptr;
  check_cuda(cudaMalloc(&buffer, run.words.size() * sizeof(uint64_t)), "cudaMalloc (trace)");
  plan.args.trace = reinterpret_cast<unsigned long long*>(buffer);
  plan.args.trace_items = run.layout.items;
  const Workspace* ws = plan.needs_workspace() ? &workspace_for(device, stream) : nullptr;
  try {
    // Every launch rewrites the same slots (the schedule is fixed), so one clear suffices and
    // the launches stay back to back: the buffer holds the last one, in the loop's steady state.
    check_cuda(cudaMemsetAsync(buffer, 0, run.words.size() * sizeof(uint64_t), stream),
               "cudaMemsetAsync (trace)");
    // Plain and traced loops alternate, three rounds each, medians kept: timed once each, one
    // after the other, the traced build read up to 13% faster than the plain one before it;
    // alternating tells the build apart from the order.
    std::vector<double> plain, traced;
    for (int round = 0; round < 3; ++round) {
      plain.push_back(time_back_to_back(runs, stream, [&] { gemm(p, name, a, b, c, stream); }));
      traced.push_back(time_back_to_back(runs, stream, [&] { launch(plan, stream, ws); }));
    }
    std::sort(plain.begin(), plain.end());
    std::sort(traced.begin(), traced.end());
    run.plain_us = plain[1];
    run.traced_us = traced[1];
    check_cuda(cudaMemcpy(run.words.data(), buffer, run.words.size() * sizeof(uint64_t),
                          cudaMemcpyDeviceToHost),
               "cudaMemcpy (trace)");
  } catch (...) {
    cudaFree(buffer);
    throw;
  }
  cudaFree(buffer);
  return run;
}

}  // namespace autogemm::trace
