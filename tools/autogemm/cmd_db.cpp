// autogemm db: the experience store and tuning tables.
//   autogemm db export --store tune.sqlite --out data/nvidia_h200.json [--gpu NAME]
//   autogemm db merge --out merged.json shard0.json shard1.json ...
//   autogemm db stats --store tune.sqlite
//   autogemm db train-policy --store tune.sqlite --out policy.json (cmd_db_policy.cpp)
//   autogemm db train-cost-model --store tune.sqlite --out model.bin [--gpu NAME] [--holdout 0.2]
//       [--exclude-shapes FILE]
//   autogemm db eval-cost-model --cost-model model.bin --store tune.sqlite [--holdout 0.25]
//   autogemm db rank --cost-model model.bin --shapes FILE (cmd_db_rank.cpp)
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>

#include "bench/errors.hpp"
#include "bench/shapes.hpp"
#include "commands.hpp"
#include "input_errors.hpp"
#include "tune/cost_model.hpp"
#include "tune/store.hpp"
#include "tune/table_ops.hpp"

namespace autogemm::cli {
namespace {

// The store must exist: opening a mistyped path would create an empty one.
tune::ExperienceStore open_existing_store(const std::string& path) {
  if (!std::filesystem::is_regular_file(path))
    throw bench::InputError("experience store '" + path + "' does not exist");
  return as_bad_input([&] { return tune::ExperienceStore::open(path); });
}

// The commit a table records: $AUTOGEMM_COMMIT, as the bench's results do.
std::string commit_from_env() {
  const char* c = std::getenv("AUTOGEMM_COMMIT");
  return c ? c : "";
}

void register_export(CLI::App& db) {
  struct Options {
    std::string store, out, gpu, mode = "kernel";
  };
  auto o = std::make_shared<Options>();
  auto* sub = db.add_subcommand(
      "export", "Write the tuning table: the fastest correct spec per problem in the store");
  sub->add_option("--store", o->store, "Experience store (SQLite file)")->required();
  sub->add_option("--out", o->out, "Tuning table to write (JSON)")->required();
  sub->add_option("--gpu", o->gpu, "GPU to export (needed when the store holds several)");
  sub->add_option("--mode", o->mode, "Timing mode whose measurements decide")
      ->capture_default_str();
  sub->callback([o] {
    const auto store = open_existing_store(o->store);
    tune::ExportOptions opt;
    opt.gpu = o->gpu;
    opt.mode = o->mode;
    opt.commit = commit_from_env();
    const auto table = as_bad_input([&] { return tune::export_table(store, opt); });
    tune::save_table(table, o->out);
    std::cout << "exported " << table.size() << " problems on " << table.gpu << " from " << o->store
              << " to " << o->out << "\n";
  });
}

void register_merge(CLI::App& db) {
  struct Options {
    std::string out;
    std::vector<std::string> inputs;
  };
  auto o = std::make_shared<Options>();
  auto* sub = db.add_subcommand(
      "merge", "Merge tuning tables of one GPU (e.g. shards); per problem the faster entry wins");
  sub->add_option("--out", o->out, "Merged tuning table to write (JSON)")->required();
  sub->add_option("tables", o->inputs, "Tuning tables to merge")->required();
  sub->callback([o] {
    std::vector<tune::SourcedTable> tables;
    for (const auto& path : o->inputs)
      tables.push_back({path, as_bad_input([&] { return tune::load_table(path); })});
    const auto merged = as_bad_input([&] { return tune::merge_tables(tables, commit_from_env()); });
    tune::save_table(merged, o->out);
    std::cout << "merged " << tables.size() << " tables into " << merged.size() << " problems on "
              << merged.gpu << " -> " << o->out << "\n";
  });
}

void register_stats(CLI::App& db) {
  auto store_path = std::make_shared<std::string>();
  auto* sub = db.add_subcommand("stats", "Counts in an experience store: rows, shapes, failures");
  sub->add_option("--store", *store_path, "Experience store (SQLite file)")->required();
  sub->callback([store_path] {
    const auto store = open_existing_store(*store_path);
    const auto s = as_bad_input([&] { return store.stats(); });
    std::cout << "store: " << *store_path << "\n"
              << "measurements: " << s.measurements << " (" << s.problems << " problems)\n"
              << "shapes done: " << s.shapes_finished << " finished, " << s.shapes_unfinished
              << " unfinished\n";
    std::cout << "by GPU:\n";
    for (const auto& [gpu, n] : s.by_gpu) std::cout << "  " << n << "  " << gpu << "\n";
    std::cout << "by timing mode:\n";
    for (const auto& [mode, n] : s.by_mode) std::cout << "  " << n << "  " << mode << "\n";
    std::cout << "by status:\n";
    for (const auto& [status, n] : s.by_status) std::cout << "  " << n << "  " << status << "\n";
    if (!s.failure_causes.empty()) {
      std::cout << "failures by cause:\n";
      for (const auto& c : s.failure_causes)
        std::cout << "  " << c.count << "  " << c.status << ": " << c.message << "\n";
    }
  });
}

// The rows of `stores` (pooled) measured in `mode`, of GPU `gpu` when given; they must be of
// one GPU unless `several` (each GPU's rows then rank among themselves: groups are per GPU).
std::vector<tune::Measurement> store_rows(const std::vector<std::string>& stores,
                                          const std::string& gpu, const std::string& mode,
                                          bool several = false, bool several_hint = false) {
  tune::MeasurementFilter f;
  if (!gpu.empty()) f.gpu_name = gpu;
  f.mode = mode;
  std::vector<tune::Measurement> rows;
  for (const std::string& path : stores) {
    const auto store = open_existing_store(path);
    const auto some = as_bad_input([&] { return store.measurements(f); });
    rows.insert(rows.end(), some.begin(), some.end());
  }
  const auto gpus = tune::gpu_names(rows);
  if (gpus.size() > 1 && !several)
    throw bench::InputError(std::string(stores.size() > 1 ? "the stores hold" : "the store holds") +
                            " rows of " + std::to_string(gpus.size()) +
                            " GPUs; choose one with --gpu" +
                            (several_hint ? " (or --pool-gpus to train on all)" : ""));
  return rows;
}

void print_quality(const tune::RankingQuality& q, std::string_view what) {
  std::cout << what << " " << q.groups << " shapes: mean Spearman " << q.mean_spearman
            << ", top-1 within 5% of the best on " << 100 * q.top1_hit_rate
            << "% of shapes, top-1 speed " << q.geomean_top1 << "x of the best (geomean)\n";
}

void register_train_cost_model(CLI::App& db) {
  struct Options {
    std::vector<std::string> stores;
    std::string out, gpu, exclude, mode = "kernel", objective = "reg:squarederror";
    int rounds = tune::CostModelOptions{}.rounds, sms = 132;
    int policy_rounds = tune::CostModelOptions{}.policy_rounds;
    int max_depth = tune::CostModelOptions{}.max_depth;
    double learning_rate = tune::CostModelOptions{}.learning_rate;
    std::vector<int> ensemble_depths;
    double holdout = 0;
    bool pool_gpus = false;
  };
  auto o = std::make_shared<Options>();
  auto* sub = db.add_subcommand(
      "train-cost-model",
      "Train the cost model (XGBoost, ranks specs per shape) on the store's measurements");
  sub->add_option("--store", o->stores,
                  "Experience store (SQLite file); repeat to learn from several (e.g. the grid's "
                  "and a re-tuning's), their rows pooled")
      ->required();
  sub->add_option("--out", o->out, "Cost model to write")->required();
  sub->add_option("--gpu", o->gpu,
                  "GPU whose rows to learn from (needed when the store holds "
                  "several)");
  sub->add_flag("--pool-gpus,--pool_gpus", o->pool_gpus,
                "Learn from the rows of every GPU in the stores (GPUs of one chip, whose rankings "
                "mostly agree; each GPU's measurements of a shape rank among themselves; with "
                "--holdout, a shape held out on one GPU may still be learned from another's rows: "
                "hold shapes out with --exclude-shapes instead)");
  sub->add_option("--exclude-shapes,--exclude_shapes", o->exclude,
                  "Shape file whose shapes are left out of training (any dtype and layout)");
  sub->add_option("--mode", o->mode, "Timing mode whose measurements count")->capture_default_str();
  sub->add_option("--objective", o->objective, "reg:squarederror, rank:pairwise or policy:gradient")
      ->capture_default_str();
  sub->add_option("--rounds", o->rounds, "Boosted trees (policy:gradient: of the regression)")
      ->capture_default_str();
  sub->add_option("--policy-rounds,--policy_rounds", o->policy_rounds,
                  "policy:gradient's trees after the regression's")
      ->capture_default_str();
  auto* max_depth = sub->add_option("--max-depth,--max_depth", o->max_depth, "Depth of each tree")
                        ->capture_default_str();
  sub->add_option("--learning-rate,--learning_rate", o->learning_rate,
                  "Shrinkage of each tree's contribution")
      ->capture_default_str();
  sub->add_option("--ensemble-depths,--ensemble_depths", o->ensemble_depths,
                  "An ensemble: one booster per tree depth listed (e.g. 4,6,8; not with "
                  "--max-depth), their scores averaged")
      ->delimiter(',')
      ->excludes(max_depth);
  sub->add_option("--sms", o->sms,
                  "SM count of the GPU the rows were measured on (shared memory and L2: the "
                  "H200's)")
      ->capture_default_str();
  sub->add_option("--holdout", o->holdout,
                  "Also report ranking quality on this fraction of shapes, held out of a second "
                  "training run (the saved model learns from every shape)")
      ->capture_default_str();
  sub->callback([o] {
    if (o->rounds < 1) throw bench::InputError("--rounds must be at least 1");
    if (o->sms < 1) throw bench::InputError("--sms must be positive");
    if (o->max_depth < 1 || o->max_depth > 16)
      throw bench::InputError("--max-depth must be in [1, 16]");
    if (!(o->learning_rate > 0 && o->learning_rate <= 1))
      throw bench::InputError("--learning-rate must be in (0, 1]");
    for (const int d : o->ensemble_depths)
      if (d < 1 || d > 16) throw bench::InputError("--ensemble-depths: each must be in [1, 16]");
    if (!(o->holdout >= 0 && o->holdout < 1))
      throw bench::InputError("--holdout must be in [0, 1)");
    if (o->pool_gpus && !o->gpu.empty())
      throw bench::InputError("--pool-gpus and --gpu: choose one");
    const auto rows = store_rows(o->stores, o->gpu, o->mode, o->pool_gpus, true);
    const auto gpus = tune::gpu_names(rows);
    tune::ExampleOptions eo;
    eo.mode = o->mode;
    // e.g. the shapes a zero-shot test is judged on
    if (!o->exclude.empty()) eo.exclude = bench::read_shapes_file(o->exclude);
    const tune::CostDataset data = tune::build_cost_dataset(rows, eo);
    tune::CostModelOptions mo;
    mo.objective = o->objective;
    mo.rounds = o->rounds;
    mo.policy_rounds = o->policy_rounds;
    mo.max_depth = o->max_depth;
    mo.learning_rate = o->learning_rate;
    mo.ensemble_depths = o->ensemble_depths;
    mo.device.sm_count = o->sms;
    const auto model = as_bad_input([&] { return tune::CostModel::train(data, mo); });
    model.save(o->out);
    std::cout << "trained on " << data.examples() << " specs (" << data.failed_examples()
              << " failed, ranked last) of " << data.groups.size() << " shapes from "
              << data.rows_used << " rows (" << data.rows_skipped << " skipped) on "
              << (gpus.empty() ? "no GPU" : fmt::format("{}", fmt::join(gpus, " + "))) << "\n";
    if (o->holdout > 0) {
      const auto [train, held] = tune::split_by_shape(data, o->holdout);
      const auto q = as_bad_input(
          [&] { return tune::evaluate(tune::CostModel::train(train, mo), held); }, "--holdout");
      print_quality(q, "held out");
    }
    std::cout << "cost model -> " << o->out << "\n";
  });
}

// How well a trained cost model ranks the measurements of a store: e.g. one GPU's model on
// another GPU's tunings, against a model trained there (the same --holdout split as
// train-cost-model's, so both are judged on shapes the second never saw).
void register_eval_cost_model(CLI::App& db) {
  struct Options {
    std::string model, gpu, mode = "kernel", shapes;
    std::vector<std::string> stores;
    double holdout = 0;
  };
  auto o = std::make_shared<Options>();
  auto* sub = db.add_subcommand(
      "eval-cost-model", "Ranking quality of a trained cost model on a store's measurements");
  sub->add_option("--cost-model,--cost_model", o->model, "Cost model to judge")->required();
  sub->add_option("--store", o->stores, "Experience store (SQLite file); repeat to pool several")
      ->required();
  sub->add_option("--gpu", o->gpu,
                  "GPU whose rows to judge on (needed when the store holds several)");
  sub->add_option("--mode", o->mode, "Timing mode whose measurements count")->capture_default_str();
  sub->add_option("--holdout", o->holdout,
                  "Judge only on the shapes train-cost-model --holdout with this fraction holds "
                  "out (0: every shape)")
      ->capture_default_str();
  sub->add_option("--shapes", o->shapes,
                  "Judge only on these shapes (a shape file; e.g. those a model was trained "
                  "without, --exclude-shapes)");
  sub->callback([o] {
    if (!(o->holdout >= 0 && o->holdout < 1))
      throw bench::InputError("--holdout must be in [0, 1)");
    const auto model =
        as_bad_input([&] { return tune::CostModel::load(o->model); }, "--cost-model");
    tune::ExampleOptions eo;
    eo.mode = o->mode;
    tune::CostDataset data = tune::build_cost_dataset(store_rows(o->stores, o->gpu, o->mode), eo);
    if (o->holdout > 0) data = tune::split_by_shape(data, o->holdout).second;
    if (!o->shapes.empty()) {
      const auto keep = bench::read_shapes_file(o->shapes);
      std::erase_if(data.groups, [&](const tune::CostGroup& g) {
        return std::find(keep.begin(), keep.end(), g.problem.shape) == keep.end();
      });
    }
    if (data.groups.empty())
      throw bench::InputError(
          "no shapes to judge on (the store's rows after --gpu, --mode, "
          "--holdout and --shapes)");
    // Which shapes, by the filter that chose them: the model may have learned from them (a
    // saved train-cost-model model learns from every shape; --exclude-shapes leaves some out).
    std::string what;
    if (o->holdout > 0) what = fmt::format("holdout split {}", o->holdout);
    if (!o->shapes.empty())
      what += fmt::format("{}listed in {}", what.empty() ? "" : ", ", o->shapes);
    what = what.empty() ? "all" : what + ":";
    print_quality(as_bad_input([&] { return tune::evaluate(model, data); }), what);
  });
}

}  // namespace

void register_db(CLI::App& app) {
  auto* db = app.add_subcommand(
      "db",
      "Experience store and tuning tables: export, merge, stats, train-policy, train-cost-model, "
      "eval-cost-model, rank");
  db->require_subcommand(1);
  register_export(*db);
  register_merge(*db);
  register_stats(*db);
  register_train_policy(*db);
  register_train_cost_model(*db);
  register_eval_cost_model(*db);
  register_rank(*db);
}

}  // namespace autogemm::cli
