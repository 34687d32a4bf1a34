#include "bench_options.hpp"

#include <algorithm>
#include <cmath>
#include <filesystem>

#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "bench/report.hpp"
#include "bench/spec_picker.hpp"
#include "spec/name.hpp"

namespace autogemm::cli {
namespace {

using bench::InputError;

// Library parsers throw plain Error; on the command line they are input errors.
template <typename F>
auto as_input(const char* flag, F&& parse) {
  try {
    return parse();
  } catch (const InputError&) {
    throw;
  } catch (const Error& e) {
    throw InputError(std::string(flag) + ": " + e.what());
  }
}

// The table:/policy: specs (spec_picker.hpp): well formed, each NAME once, and each file loads
// (here, so a bad file stops the run before any GPU work). Returns their NAMEs.
std::vector<std::string> check_picked_specs(const std::vector<std::string>& specs) {
  std::vector<std::string> names;
  for (const auto& s : specs) {
    const auto source = bench::parse_picker_source(s);  // InputError naming --spec
    if (!source) continue;
    if (std::count(names.begin(), names.end(), source->name) > 0)
      throw InputError("--spec '" + s + "': NAME '" + source->name + "' given twice");
    names.push_back(source->name);
    try {
      bench::SpecPicker{*source};  // loads the file, to be dropped: the run loads it again
    } catch (const Error& e) {     // the loaders name the file
      throw InputError("--spec '" + s + "': " + e.what());
    }
  }
  return names;
}

}  // namespace

void add_bench_options(CLI::App& sub, BenchOptions& o) {
  add_shape_options(sub, o.shapes);
  sub.add_option("--dtype", o.dtype, "Data type of A, B and C: fp16 or bf16")
      ->capture_default_str();
  sub.add_option("--acc,--acc_precise", o.acc,
                 "Accumulator: fp32 or fp16 (fp16 only with fp16 data); --acc_precise is "
                 "CUDA-L2's name")
      ->capture_default_str();
  sub.add_option("--mode", o.mode,
                 "kernel (CUDA events, back-to-back calls), offline (host clock + sync per "
                 "call) or server (offline with Poisson pauses at --target_qps)")
      ->capture_default_str();
  sub.add_option("--target_qps", o.target_qps, "Server mode: mean calls per second")
      ->capture_default_str();
  sub.add_option("--warmup_seconds", o.warmup_seconds,
                 "Warm each method this long per shape (CUDA-L2 protocol; 0: one loop)")
      ->capture_default_str();
  sub.add_option("--benchmark_seconds", o.benchmark_seconds,
                 "Time each method at least this long per shape (CUDA-L2 protocol; 0: the fast "
                 "protocol of --rounds rounds)")
      ->capture_default_str();
  sub.add_option("--rounds", o.rounds, "Fast protocol: interleaved timed rounds per shape")
      ->capture_default_str();
  sub.add_option("--loop_us", o.loop_us,
                 "Fast protocol: length of one timed loop of back-to-back calls (us; at least "
                 "one call)")
      ->capture_default_str();
  sub.add_option("--methods", o.methods,
                 "Comma-separated methods (default: the six cuBLAS/cuBLASLt baselines): "
                 "cublas_nn, cublas_tn, cublaslt_heuristic_nn, cublaslt_heuristic_tn, "
                 "cublaslt_autotune_nn, cublaslt_autotune_tn, autogemm")
      ->delimiter(',');
  sub.add_option(
      "--spec", o.specs,
      "autogemm method (repeatable): a kernel spec name, sweep (the default sweep), "
      "fitted (per shape, the specs whose tiles fit it, then the swap-AB tiles split over M), "
      "auto (the dispatcher's choice), table:NAME=FILE (a method NAME running the "
      "tuning table's spec per shape; its variants tablefix:, tableab:, tablebk32: and "
      "tableborrow: are in the README) or policy:NAME=FILE (the learned policy's top "
      "choice per shape; costmodel:NAME=FILE a cost model's)");
  sub.add_option("--layout", o.layout, "autogemm method: B layout, nn (A@B) or tn (A@W.T)")
      ->capture_default_str();
  sub.add_option("--data", o.data, "Timing input data: normal (N(0,1)) or uniform ([-1,1))")
      ->capture_default_str();
  sub.add_option("--l2", o.l2, "warm, or cold (flush L2 before each timed call)")
      ->capture_default_str();
  sub.add_flag("--graph", o.graph, "Kernel mode: time a CUDA graph of each loop");
  sub.add_option("--gpu_device_id", o.gpu_device_id, "GPU to run on")->capture_default_str();
  sub.add_option("--max_memory_gib", o.max_memory_gib,
                 "GiB the bench's own buffers (inputs, each method's C, the reference) may take "
                 "(0: what is free; workspaces and the L2 flush come on top); a shape that "
                 "would need a C per method beyond it has its methods share C buffers");
  sub.add_option("--base_dir", o.base_dir, "Directory for the CSV and JSON outputs");
  sub.add_option("--out", o.out, "CSV output file (JSON summary beside it, .json)");
  sub.add_option("--seed", o.seed, "Seed for data, shuffles, samples")->capture_default_str();
  sub.add_option("--alpha", o.alpha, "C = alpha*A*B + beta*C: alpha, for every method")
      ->capture_default_str();
  sub.add_option("--beta", o.beta,
                 "C = alpha*A*B + beta*C: beta, for every method (not 0: C is read)")
      ->capture_default_str();
  sub.add_option("--vs", o.vs,
                 "Method whose speedups are reported (default: autogemm if run, else the "
                 "first method)");
  sub.add_flag("--progress", o.progress, "Draw the progress bar even if stderr is no terminal");
}

bench::BenchConfig make_bench_config(const BenchOptions& o, const std::string& command_line,
                                     const std::string& timestamp) {
  bench::BenchConfig c;
  c.command_line = command_line;
  c.seed = o.seed;
  c.shapes = resolve_shapes(o.shapes, o.seed);
  c.dtype = as_input("--dtype", [&] { return parse_dtype(o.dtype); });
  c.acc = as_input("--acc", [&] { return parse_acc(o.acc); });
  if (c.acc == AccType::f16 && c.dtype != DType::f16)
    throw InputError("--acc fp16 needs --dtype fp16 (there is no fp16 accumulator for bf16)");
  c.mode = bench::parse_mode(o.mode);
  c.data = bench::parse_data(o.data);
  c.autogemm_layout = as_input("--layout", [&] { return parse_layout(o.layout); });

  if (o.l2 != "warm" && o.l2 != "cold")
    throw InputError("--l2 '" + o.l2 + "': expected warm or cold");
  c.l2_cold = o.l2 == "cold";
  c.graph = o.graph;
  if (c.graph && c.mode != bench::Mode::kernel)
    throw InputError("--graph applies to --mode kernel only");
  if (c.graph && c.l2_cold) throw InputError("--graph cannot be combined with --l2 cold");
  if (!(o.target_qps > 0)) throw InputError("--target_qps must be positive");
  c.target_qps = o.target_qps;
  if (!(o.warmup_seconds >= 0) || !(o.benchmark_seconds >= 0))
    throw InputError("--warmup_seconds and --benchmark_seconds must not be negative");
  if (o.rounds < 1) throw InputError("--rounds must be at least 1");
  c.protocol.rounds = o.rounds;
  if (!(o.loop_us > 0 && o.loop_us <= 1e6))
    throw InputError("--loop_us must be above 0 and at most 1000000 (one second)");
  c.protocol.target_loop_us = o.loop_us;
  c.protocol.warmup_seconds = o.warmup_seconds;
  c.protocol.benchmark_seconds = o.benchmark_seconds;
  if (o.gpu_device_id < 0) throw InputError("--gpu_device_id must not be negative");
  c.device = o.gpu_device_id;
  // 2^20 GiB bounds it far above any GPU and keeps the byte count and the reserve added to it
  // in range.
  if (!(o.max_memory_gib >= 0 && o.max_memory_gib <= 1048576.0))
    throw InputError("--max_memory_gib must be 0 (no limit) or a number of GiB up to 1048576");
  c.max_device_bytes = size_t(o.max_memory_gib * double(size_t(1) << 30));

  c.methods = o.methods.empty() ? bench::default_methods() : o.methods;
  for (const auto& m : c.methods) {
    if (m.empty()) throw InputError("--methods: empty method name");
    bench::validate_method_name(m);
    if (std::count(c.methods.begin(), c.methods.end(), m) > 1)
      throw InputError("--methods: '" + m + "' given twice");
  }
  const bool has_autogemm =
      std::find(c.methods.begin(), c.methods.end(), "autogemm") != c.methods.end();
  if (!o.specs.empty() && !has_autogemm)
    throw InputError("--spec applies to the autogemm method; add autogemm to --methods");
  if (has_autogemm) bench::check_autogemm_specs(o.specs);
  const std::vector<std::string> picked = check_picked_specs(o.specs);
  for (const auto& s : o.specs) {
    if (s == "sweep" || s == "fitted" || s == "auto" || bench::parse_picker_source(s)) continue;
    try {
      parse_name(s);
    } catch (const Error& e) {
      throw InputError(std::string("--spec: ") + e.what());
    }
  }
  c.specs = o.specs;

  if (!o.vs.empty()) {
    // Labels as the report will name them (report.hpp's row_label).
    std::vector<std::string> labels;
    std::vector<std::string> names = c.methods;
    names.insert(names.end(), picked.begin(), picked.end());
    for (const auto& m : names) {
      bench::ResultRow r;
      r.method = m;
      r.layout = c.autogemm_layout;
      labels.push_back(bench::row_label(r));
    }
    bench::pick_candidate(labels, o.vs);  // throws InputError if not one of them
  }
  c.vs = o.vs;

  // Outputs: --out (under --base_dir if relative and given), else a name in --base_dir or ".".
  std::filesystem::path csv;
  if (!o.out.empty()) {
    csv = o.out;
    if (csv.extension() != ".csv") throw InputError("--out '" + o.out + "' must end in .csv");
    if (!o.base_dir.empty() && csv.is_relative()) csv = std::filesystem::path(o.base_dir) / csv;
  } else {
    const std::string name = "autogemm_bench_" + std::string(bench::to_string(c.mode)) + "_" +
                             std::string(to_string(c.dtype)) + "_acc" +
                             std::string(to_string(c.acc)) + "_" + timestamp + ".csv";
    csv = (o.base_dir.empty() ? std::filesystem::path(".") : std::filesystem::path(o.base_dir)) /
          name;
  }
  c.csv_path = csv.string();
  c.json_path = std::filesystem::path(csv).replace_extension(".json").string();
  c.progress_bar = o.progress;
  if (!std::isfinite(o.alpha) || !std::isfinite(o.beta))
    throw InputError("--alpha and --beta must be finite numbers");
  c.alpha = o.alpha;
  c.beta = o.beta;
  return c;
}

}  // namespace autogemm::cli
