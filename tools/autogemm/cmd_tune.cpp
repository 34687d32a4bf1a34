// autogemm tune: search the kernel space per shape with the GPU in the loop, recording every
// measurement in the experience store (src/tune/tuner.hpp).
//   autogemm tune --grid cudal2 --dtype fp16 --acc fp32 --layout tn --budget 32
//       --store tune.sqlite [--resume] [--shard 0/4] [--out-table table.json]
//       [--policy policy.json]
//       [--cost-model model.bin [--screen 8]]
//       [--devices 0,1 [--worker-timeout 300] [--max-restarts 10]]   (tune_devices.hpp)
//       [--update-table user.json]   (merge the tuned shapes into a table: tune/user_table.hpp)
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "bench/errors.hpp"
#include "commands.hpp"
#include "input_errors.hpp"
#include "shape_options.hpp"
#include "tune/cost_model.hpp"
#include "tune/policy_file.hpp"
#include "tune/table_ops.hpp"
#include "tune/tuner.hpp"
#include "tune/user_table.hpp"
#include "tune/worker_command.hpp"
#include "tune_devices.hpp"

namespace autogemm::cli {
namespace {

struct TuneCliOptions {
  ShapeOptions shapes;
  std::string dtype = "fp16", acc = "fp32", layout = "tn";
  int budget = 32;
  int batch = 8;
  int rounds = 3;
  double benchmark_seconds = 0;
  std::string store, out_table, shard = "0/1", cost_model;
  int screen = 8;
  bool resume = false;
  int gpu_device_id = 0;
  std::string policy;                  // learned policy file (autogemm db train-policy)
  std::optional<std::string> devices;  // --devices 0,1,...: one worker process per GPU
  double worker_timeout = 300;
  int max_restarts = 10;
  std::string update_table;
  std::string worker_of, worker_id;  // set by the --devices parent for its workers
};

DevicesOptions make_devices_options(const TuneCliOptions& o) {
  DevicesOptions d;
  d.devices = as_bad_input([&] { return tune::parse_devices(*o.devices); }, "--devices");
  if (o.worker_timeout <= 0) throw bench::InputError("--worker-timeout must be positive");
  if (o.max_restarts < 0) throw bench::InputError("--max-restarts must not be negative");
  if (!o.worker_of.empty()) throw bench::InputError("--devices cannot be given to a worker");
  // A sustained batch runs at least (batch + 1) x S seconds between heartbeats.
  if (o.benchmark_seconds * (o.batch + 1) * 1.5 >= o.worker_timeout)
    throw bench::InputError(fmt::format(
        "--benchmark_seconds {} with --batch {} takes at least {} s per batch: raise "
        "--worker-timeout ({} s) above 1.5 times that, or lower --batch",
        o.benchmark_seconds, o.batch, o.benchmark_seconds * (o.batch + 1), o.worker_timeout));
  d.worker_timeout_s = o.worker_timeout;
  d.max_restarts = o.max_restarts;
  return d;
}

// The tables asked for at the end: the store's whole table for `gpu` (--out-table), and the
// run's problems merged into --update-table.
void write_tables(const TuneCliOptions& o, const tune::ExperienceStore& store,
                  const std::string& gpu, const std::vector<Problem>& problems,
                  const std::string& mode) {
  if (!o.out_table.empty()) {
    tune::ExportOptions eo;
    eo.gpu = gpu;
    eo.mode = mode;
    const char* commit = std::getenv("AUTOGEMM_COMMIT");
    eo.commit = commit ? commit : "";
    const auto table = tune::export_table(store, eo);
    tune::save_table(table, o.out_table);
    std::cout << "exported " << table.size() << " problems to " << o.out_table << "\n";
  }
  if (!o.update_table.empty()) {
    const size_t n = tune::update_table_file(o.update_table, store, gpu, problems, mode);
    std::cout << "updated " << n << " problems in " << o.update_table << "\n";
  }
}

void run_single(const TuneCliOptions& o, const tune::TuneOptions& opt) {
  tune::current_environment(opt.device);  // no GPU: exit 3 before a store file is created
  auto store = as_bad_input([&] { return tune::ExperienceStore::open(o.store); }, "--store");
  as_bad_input([&] { tune::require_mode(store, tune::timing_mode(opt)); }, "--store");
  const tune::TuneSummary s = tune::run_tune(opt, store, std::cerr);
  std::cout << "tuned " << s.shapes.size() << " shapes on " << s.gpu_name;
  if (s.skipped) std::cout << " (" << s.skipped << " skipped: already done)";
  if (s.geomean_speedup) std::cout << ", geomean speedup " << *s.geomean_speedup << "x";
  std::cout << "; store " << o.store << "\n";
  if (!opt.queue_run.empty()) return;  // a worker: its parent writes the tables
  std::vector<Problem> problems;
  for (size_t i : tune::select_shapes(opt.shapes.size(), opt.shard))
    problems.push_back({opt.shapes[i], opt.dtype, opt.acc, opt.layout});
  write_tables(o, store, s.gpu_name, problems, tune::timing_mode(opt));
}

void run_parent(const TuneCliOptions& o, const tune::TuneOptions& opt) {
  const DevicesOptions d = make_devices_options(o);
  require_devices(d);  // no GPU: exit 3 before a store file is created
  auto store = as_bad_input([&] { return tune::ExperienceStore::open(o.store); }, "--store");
  as_bad_input([&] { tune::require_mode(store, tune::timing_mode(opt)); }, "--store");
  std::vector<Problem> problems;
  const tune::SupervisorResult r = tune_on_devices(opt, d, store, std::cerr, problems);
  std::cout << "tuned " << r.progress.done << " shapes (" << r.progress.skipped
            << " skipped: already done) with " << d.devices.size() << " workers, " << r.restarts
            << " restarts; store " << o.store << "\n";
  if (r.failed_workers > 0 || !r.complete())
    throw Error(
        fmt::format("{} worker(s) failed and {} of {} shapes are not tuned; run again "
                    "with --resume",
                    r.failed_workers, r.progress.pending + r.progress.claimed, r.progress.total));
  write_tables(o, store, device_name(d.devices.front()), problems, tune::timing_mode(opt));
}

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
  if (!(o.benchmark_seconds >= 0) || !std::isfinite(o.benchmark_seconds))
    throw bench::InputError("--benchmark_seconds must be a finite number >= 0");
  if (o.gpu_device_id < 0) throw bench::InputError("--gpu_device_id must not be negative");
  if (o.screen < 1) throw bench::InputError("--screen must be at least 1");
  t.budget = o.budget;
  t.batch = o.batch;
  t.rounds = o.rounds;
  t.benchmark_seconds = o.benchmark_seconds;
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
  t.queue_run = o.worker_of;
  t.worker_id = o.worker_id;
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
  sub->add_option("--rounds", o->rounds, "Timed rounds per batch (unused with --benchmark_seconds)")
      ->capture_default_str();
  sub->add_option("--benchmark_seconds,--benchmark-seconds", o->benchmark_seconds,
                  "> 0: the sustained protocol: time each batch in loops of S/20 (0.5-50 ms) "
                  "until every candidate has run S seconds (S >= 1: the GPU at its power cap, as "
                  "in long runs of large GEMMs); rows are recorded in mode kernel_sustained, in a "
                  "store of their own (export with db export --mode kernel_sustained)")
      ->capture_default_str();
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
                  "x --batch proposals per batch (the heuristic's pick and the best spec's PDL or "
                  "plain launch twin always)");
  sub->add_option("--screen", o->screen,
                  "Proposals ranked per measured candidate with --cost-model")
      ->capture_default_str();
  sub->add_option("--out-table,--out_table", o->out_table,
                  "At the end, export the store's tuning table for this GPU to this JSON file");
  sub->add_option("--update-table,--update_table", o->update_table,
                  "At the end, merge the best spec of each of this run's shapes into this table "
                  "(created if absent, other entries kept; locked, written atomically)");
  sub->add_option("--devices", o->devices,
                  "GPUs to tune on at once, e.g. 0,1: one worker process each, pulling shapes from "
                  "a shared queue in the store; workers a faulting candidate brings down are "
                  "restarted with --resume");
  sub->add_option("--worker-timeout,--worker_timeout", o->worker_timeout,
                  "With --devices: kill and restart a worker that makes no progress for this many "
                  "seconds (a hanging candidate)")
      ->capture_default_str();
  sub->add_option("--max-restarts,--max_restarts", o->max_restarts,
                  "With --devices: restarts per GPU before its worker counts as failed")
      ->capture_default_str();
  // Set by the --devices parent on its workers' command lines; not for people.
  sub->add_option("--worker-of", o->worker_of)->group("");
  sub->add_option("--worker-id", o->worker_id)->group("");
  sub->callback([o] {
    const tune::TuneOptions opt = make_tune_options(*o);
    if (!o->devices)  // given but empty is bad input (make_devices_options), not "no GPUs"
      run_single(*o, opt);
    else
      run_parent(*o, opt);
  });
}

}  // namespace autogemm::cli
