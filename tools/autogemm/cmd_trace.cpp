// autogemm trace: where one spec's time goes on one shape. Runs the spec's tracing build
// (include/autogemm/sm90/trace.cuh: cycle stamps per tile, per consumer warpgroup and producer)
// after warming the GPU with the plain build, checks its output, and prints the phases: waiting
// for data, the mainloop and its stalls, the epilogue, the gap between tiles, and the SM clock
// the run had (the H200 is power-capped, so the clock is part of the answer).
#include <cmath>
#include <fstream>
#include <iostream>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "bench/errors.hpp"
#include "bench/kernels.hpp"
#include "bench/shapes.hpp"
#include "commands.hpp"
#include "core/cuda_check.hpp"
#include "input_errors.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "trace/trace_run.hpp"

namespace autogemm::cli {

void register_trace(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "trace",
      "Cycle-level profile of one spec on one shape: per-tile phases from a tracing build, "
      "and the SM clock. Needs a GPU.");
  struct Options {
    std::string spec, mnk, json;
    int runs = 200;
    double warmup_ms = 1000;
  };
  auto o = std::make_shared<Options>();
  sub->add_option("--spec", o->spec, "Kernel spec name")->required();
  sub->add_option("--mnk", o->mnk, "Shape M_N_K")->required();
  sub->add_option("--runs", o->runs, "Timed launches of each build")->capture_default_str();
  sub->add_option("--warmup_ms", o->warmup_ms, "Back-to-back warm-up before timing")
      ->capture_default_str();
  sub->add_option("--json", o->json, "Write the summary (and timings) to this JSON file");
  sub->callback([o] {
    const KernelSpec spec = as_bad_input([&] { return parse_name(o->spec); }, "--spec");
    const Shape shape = as_bad_input([&] { return bench::parse_mnk(o->mnk); }, "--mnk");
    if (o->runs < 1 || o->warmup_ms < 0)
      throw bench::InputError("--runs must be >= 1 and --warmup_ms >= 0");
    const Problem p{shape, spec.dtype, spec.acc, spec.layout};
    if (auto why = validate_problem(spec, p))
      throw bench::InputError(o->spec + " cannot run " + o->mnk + ": " + *why);
    require_gpu();
    void *a, *b, *c;
    float* ref;
    check_cuda(cudaMalloc(&a, shape.m * shape.k * 2), "cudaMalloc");
    check_cuda(cudaMalloc(&b, shape.k * shape.n * 2), "cudaMalloc");
    check_cuda(cudaMalloc(&c, shape.m * shape.n * 2), "cudaMalloc");
    check_cuda(cudaMalloc(&ref, shape.m * shape.n * 4), "cudaMalloc");
    const bool tn = spec.layout == Layout::tn;
    bench::fill_matrix(a, spec.dtype, shape.m, shape.k, false, 1, bench::DataDist::normal, nullptr);
    bench::fill_matrix(b, spec.dtype, shape.k, shape.n, tn, 2, bench::DataDist::normal, nullptr);
    bench::poison(c, shape.m * shape.n, nullptr);
    bench::reference_gemm(a, b, spec.layout, ref, spec.dtype, shape, nullptr);

    const trace::TraceRun run = trace::run_traced(spec, p, a, b, c, o->runs, o->warmup_ms, nullptr);
    // The traced build must still compute C: the last launch wrote it.
    auto* accum = bench::alloc_compare_accum();
    const auto check =
        bench::judge(bench::compare_output(c, ref, spec.dtype, shape.m * shape.n, accum, nullptr),
                     spec.dtype, spec.acc, shape.k);
    bench::free_compare_accum(accum);
    cudaFree(a);
    cudaFree(b);
    cudaFree(c);
    cudaFree(ref);
    if (!check.pass) throw Error("trace: the tracing build computed a wrong C: " + check.reason);

    const trace::TraceSummary s = trace::summarize(run.layout, run.words);
    const double tflops =
        2.0 * double(shape.m) * double(shape.n) * double(shape.k) / run.plain_us / 1e6;
    // Dense fp16/bf16 wgmma: 4096 flop per cycle per SM (989.4 TFLOP/s at 1830 MHz on 132 SMs).
    int sms = 0;
    check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0), "SM count");
    const double peak_at_clock = 4096.0 * sms * s.clock_ghz / 1000.0;  // TFLOP/s
    std::cout << "spec " << o->spec << "  shape " << o->mnk << "  grid " << run.layout.ctas
              << " CTAs\n"
              << fmt::format(
                     "plain build {:.2f} us ({:.1f} TFLOP/s), traced build {:.2f} us; "
                     "{:.1f}% of the tensor peak at the traced clock ({:.0f} TFLOP/s)\n",
                     run.plain_us, tflops, run.traced_us, 100.0 * tflops / peak_at_clock,
                     peak_at_clock)
              << trace::format_summary(s);
    if (!o->json.empty()) {
      auto stat = [](const trace::Stat& st) {
        return nlohmann::json{{"mean", st.mean},
                              {"p10", st.p10},
                              {"p50", st.p50},
                              {"p90", st.p90},
                              {"count", st.count}};
      };
      const nlohmann::json j = {{"spec", o->spec},
                                {"mnk", o->mnk},
                                {"ctas", run.layout.ctas},
                                {"plain_us", run.plain_us},
                                {"traced_us", run.traced_us},
                                {"clock_ghz", s.clock_ghz},
                                {"cta_cycles", s.cta_cycles},
                                {"exit_spread_ns", s.exit_spread_ns},
                                {"start_spread_ns", s.start_spread_ns},
                                {"span_ns", s.span_ns},
                                {"first_ready", stat(s.first_ready)},
                                {"ready", stat(s.ready)},
                                {"mainloop", stat(s.mainloop)},
                                {"stalled", stat(s.stalled)},
                                {"epilogue", stat(s.epilogue)},
                                {"gap", stat(s.gap)},
                                {"producer_waited", stat(s.producer_waited)},
                                {"wave_spread", stat(s.wave_spread)},
                                {"last_wave_spread", s.last_wave_spread},
                                {"cta_sm", s.cta_sm}};
      std::ofstream f(o->json);
      f << j.dump(2) << "\n";
      if (!f) throw Error("cannot write " + o->json);
    }
  });
}

}  // namespace autogemm::cli
