// autogemm tune: search the kernel space per shape with the GPU in the loop, recording every
// measurement in the experience store (src/tune/tuner.hpp).
//   autogemm tune --grid cudal2 --dtype fp16 --acc fp32 --layout tn --budget 32
//       --store tune.sqlite [--resume] [--shard 0/4] [--out-table table.json]
//       [--policy policy.json]
//       [--cost-model model.bin [--screen 8]]
#include <cstdlib>
#include <iostream>
#include <memory>

#include "bench/errors.hpp"
#include "commands.hpp"
#include "input_errors.hpp"
#include "shape_options.hpp"
#include "tune/cost_model.hpp"
#include "tune/policy_file.hpp"
#include "tune/table_ops.hpp"
#include "tune/tuner.hpp"

namespace autogemm::cli {
namespace {

struct TuneCliOptions {
  ShapeOptions shapes;
  std::string dtype = "fp16", acc = "fp32", layout = "tn";
  int budget = 32;
  int batch = 8;
  int rounds = 3;
  std::string store, out_table, shard = "0/1", cost_model;
  int screen = 8;
  bool resume = false;
  int gpu_device_id = 0;
  std::string policy;  // learned policy file (autogemm db train-policy)
};

// Every flag is checked before the GPU or the store is touched: bad input runs nothing.
tune::TuneOptions make_tune_options(const TuneCliOptions& o) {
  tune::TuneOptions t;
  t.dtype = as_bad_input([&] { return parse_dtype(o.dtype); }, "--dtype");
  t.acc = as_bad_input([&] { return parse_acc(o.acc); }, "--acc");
  t.layout = as_bad_input([&] { return parse_layout(o.layout); }, "--layout");
  if (t.acc == AccType::f16 && t.dtype != DType::f16)
    throw bench::InputError("--acc fp16 needs --dtype fp16");
  if (o.budget < 1) throw bench::InputError("--budget must be at least 1");
  if (o.batch < 1) throw bench::InputError("--batch must be at least 1");
  if (o.rounds < 1) throw bench::InputError("--rounds must be at least 1");
  if (o.gpu_device_id < 0) throw bench::InputError("--gpu_device_id must not be negative");
  if (o.screen < 1) throw bench::InputError("--screen must be at least 1");
  t.budget = o.budget;
  t.batch = o.batch;
  t.rounds = o.rounds;
  t.device = o.gpu_device_id;
  t.resume = o.resume;
  t.shard = as_bad_input([&] { return tune::parse_shard(o.shard); }, "--shard");
  t.shapes = resolve_shapes(o.shapes, 2026);
  if (!o.policy.empty())
    t.policy = std::make_shared<const tune::Policy>(
        as_bad_input([&] { return tune::load_policy(o.policy); }, "--policy"));
  if (!o.cost_model.empty()) {
    auto model = std::make_shared<const tune::CostModel>(
        as_bad_input([&] { return tune::CostModel::load(o.cost_model); }, "--cost-model"));
    t.screen_scores = [model](const Problem& p, const std::vector<KernelSpec>& specs,
                              const tune::DeviceFacts& device) {
      return model->predict(p, specs, device);
    };
    t.screen_factor = o.screen;
  }
  return t;
}

}  // namespace

void register_tune(CLI::App& app) {
  auto o = std::make_shared<TuneCliOptions>();
  auto* sub = app.add_subcommand(
      "tune",
      "Tune shapes: per shape, measure up to --budget candidate kernel specs (heuristic pick, "
      "nearest tuned shapes' winners, local moves, ranked sweep) against cuBLASLt-autotune and "
      "record every result in the experience store");
  add_shape_options(*sub, o->shapes);
  sub->add_option("--dtype", o->dtype, "Data type of A, B and C: fp16 or bf16")
      ->capture_default_str();
  sub->add_option("--acc", o->acc, "Accumulator type: fp32 (or fp16 with fp16 data)")
      ->capture_default_str();
  sub->add_option("--layout", o->layout, "B layout: nn or tn")->capture_default_str();
  sub->add_option("--budget", o->budget, "Candidates measured per shape")->capture_default_str();
  sub->add_option("--batch", o->batch, "Candidates measured together in one interleaved run")
      ->capture_default_str();
  sub->add_option("--rounds", o->rounds, "Timed rounds per batch")->capture_default_str();
  sub->add_option("--store", o->store, "Experience store (SQLite file; created if absent)")
      ->required();
  sub->add_flag("--resume", o->resume, "Skip shapes the store marks done at >= this budget");
  sub->add_option("--shard", o->shard, "i/n: tune only the shapes whose index % n == i")
      ->capture_default_str();
  sub->add_option("--gpu_device_id", o->gpu_device_id, "GPU to run on")->capture_default_str();
  sub->add_option("--policy", o->policy,
                  "Learned policy (autogemm db train-policy): its top choices follow the "
                  "heuristic's pick");
  sub->add_option("--cost-model,--cost_model", o->cost_model,
                  "Cost model (autogemm db train-cost-model): measure the best-ranked of --screen "
                  "x --batch proposals per batch");
  sub->add_option("--screen", o->screen,
                  "Proposals ranked per measured candidate with --cost-model")
      ->capture_default_str();
  sub->add_option("--out-table,--out_table", o->out_table,
                  "At the end, export the store's tuning table for this GPU to this JSON file");
  sub->callback([o] {
    const tune::TuneOptions opt = make_tune_options(*o);
    tune::current_environment(opt.device);  // no GPU: exit 3 before a store file is created
    auto store = as_bad_input([&] { return tune::ExperienceStore::open(o->store); }, "--store");
    const tune::TuneSummary s = tune::run_tune(opt, store, std::cerr);
    std::cout << "tuned " << s.shapes.size() << " shapes on " << s.gpu_name;
    if (s.skipped) std::cout << " (" << s.skipped << " skipped: already done)";
    if (s.geomean_speedup) std::cout << ", geomean speedup " << *s.geomean_speedup << "x";
    std::cout << "; store " << o->store << "\n";
    if (!o->out_table.empty()) {
      tune::ExportOptions eo;
      eo.gpu = s.gpu_name;
      const char* commit = std::getenv("AUTOGEMM_COMMIT");
      eo.commit = commit ? commit : "";
      const auto table = tune::export_table(store, eo);
      tune::save_table(table, o->out_table);
      std::cout << "exported " << table.size() << " problems to " << o->out_table << "\n";
    }
  });
}

}  // namespace autogemm::cli
