// autogemm db train-policy: learn the policy (src/tune/policy_train.hpp) from an experience
// store's measurements, for the proposer (`tune --policy`) and the dispatcher
// (data/<gpu>.policy.json or AUTOGEMM_POLICY).
//   autogemm db train-policy --store tune.sqlite --out data/nvidia_h200.policy.json
//       [--gpu NAME] [--exclude-shapes bench/shapes/oracle100.txt] [--epochs 300] [--sms 132]
//       [--head-rounds 300] [--head-policy-rounds 30]
// --exclude-shapes keeps shapes out of training, e.g. the set a zero-shot test is judged on.
// Both parts of the policy learn from the same rows: the fields (policy_train.hpp), then the
// spec head (policy.hpp; --head-rounds 0 leaves it out).
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "bench/errors.hpp"
#include "bench/shapes.hpp"
#include "commands.hpp"
#include "input_errors.hpp"
#include "tune/clock.hpp"
#include "tune/cost_model.hpp"
#include "tune/policy_file.hpp"
#include "tune/policy_train.hpp"
#include "tune/store.hpp"

namespace autogemm::cli {

void register_train_policy(CLI::App& db) {
  struct Options {
    std::string store, out, gpu, exclude, mode = "kernel";
    int epochs = tune::TrainOptions{}.epochs;
    int sms = tune::DeviceFacts{}.sm_count;
    uint64_t seed = tune::TrainOptions{}.seed;
    int head_rounds = tune::CostModelOptions{}.rounds;
    int head_policy_rounds = tune::CostModelOptions{}.policy_rounds;
  };
  auto o = std::make_shared<Options>();
  auto* sub = db.add_subcommand(
      "train-policy",
      "Train the learned policy (a distribution over spec fields given shape features, and a "
      "spec head that scores whole specs) by policy gradient on the store's measurements");
  sub->add_option("--store", o->store, "Experience store (SQLite file)")->required();
  sub->add_option("--out", o->out, "Policy to write (JSON)")->required();
  sub->add_option("--gpu", o->gpu,
                  "GPU whose rows to learn from (needed when the store holds "
                  "several)");
  sub->add_option("--exclude-shapes,--exclude_shapes", o->exclude,
                  "Shape file whose shapes are left out of training (any dtype and layout)");
  sub->add_option("--mode", o->mode, "Timing mode whose measurements count")->capture_default_str();
  sub->add_option("--epochs", o->epochs, "Passes over the shapes")->capture_default_str();
  sub->add_option("--seed", o->seed, "Seed of the minibatch order")->capture_default_str();
  sub->add_option("--sms", o->sms, "SM count of the GPU the rows were measured on")
      ->capture_default_str();
  sub->add_option("--head-rounds,--head_rounds", o->head_rounds,
                  "Spec head: trees fitted to the reward before the policy rounds (0: no head)")
      ->capture_default_str();
  sub->add_option("--head-policy-rounds,--head_policy_rounds", o->head_policy_rounds,
                  "Spec head: policy-gradient trees")
      ->capture_default_str();
  sub->callback([o] {
    if (o->epochs < 1) throw bench::InputError("--epochs must be at least 1");
    if (o->head_rounds < 0) throw bench::InputError("--head-rounds must not be negative");
    if (o->head_rounds > 0 && o->head_policy_rounds < 1)
      throw bench::InputError("--head-policy-rounds must be at least 1");
    if (o->sms < 1) throw bench::InputError("--sms must be positive");
    // Opening a mistyped path would create an empty store.
    if (!std::filesystem::is_regular_file(o->store))
      throw bench::InputError("experience store '" + o->store + "' does not exist");
    tune::TrainingDataOptions d;
    d.gpu = o->gpu;
    d.mode = o->mode;
    if (!o->exclude.empty()) d.exclude = bench::read_shapes_file(o->exclude);
    const auto store = as_bad_input([&] { return tune::ExperienceStore::open(o->store); });
    const auto data = as_bad_input([&] { return tune::load_training_data(store, d); });
    if (data.shapes.empty())
      throw bench::InputError("experience store '" + o->store +
                              "': no shape has two or more usable measured specs to learn from");

    tune::TrainOptions t;
    t.epochs = o->epochs;
    t.seed = o->seed;
    t.device.sm_count = o->sms;
    tune::Policy policy;
    const tune::TrainReport r = tune::train_policy(policy, data.shapes, t);
    std::optional<tune::RankingQuality> head_quality;
    if (o->head_rounds > 0) {
      // The rows the fields learned from, as the cost model reads them.
      tune::MeasurementFilter f;
      f.gpu_name = data.gpu;
      f.mode = o->mode;
      tune::ExampleOptions eo;
      eo.mode = o->mode;
      eo.exclude = d.exclude;
      const auto rows = as_bad_input([&] { return store.measurements(f); });
      tune::CostModelOptions mo;
      mo.objective = tune::kPolicyGradient;
      mo.rounds = o->head_rounds;
      mo.policy_rounds = o->head_policy_rounds;
      mo.device = t.device;
      const tune::CostDataset examples = tune::build_cost_dataset(rows, eo);
      policy.spec_head = std::make_shared<const tune::CostModel>(
          as_bad_input([&] { return tune::CostModel::train(examples, mo); }));
      head_quality = tune::evaluate(*policy.spec_head, examples);
    }
    policy.info.gpu = data.gpu;
    policy.info.created = tune::utc_timestamp();
    const char* commit = std::getenv("AUTOGEMM_COMMIT");
    policy.info.commit = commit ? commit : "";
    tune::save_policy(policy, o->out);

    std::cout << "trained on " << r.shapes << " shapes of " << data.gpu << " (" << r.samples
              << " distinct specs from " << data.rows << " rows; " << data.shapes_excluded
              << " problems excluded, " << data.shapes_too_few << " with fewer than two specs, "
              << data.rows_unusable << " rows with specs outside the policy's fields)\n";
    if (!data.unusable_specs.empty()) {
      std::cout << data.unusable_specs.size() << " distinct specs outside the policy's fields:";
      for (size_t i = 0; i < std::min<size_t>(5, data.unusable_specs.size()); ++i)
        std::cout << " " << data.unusable_specs[i];
      std::cout << (data.unusable_specs.size() > 5 ? " ...\n" : "\n");
    }
    std::cout << "expected log speedup over the reference, among each shape's measured specs: "
              << r.objective_before << " -> " << r.objective_after << "\n"
              << "the most probable measured spec is the fastest on " << 100 * r.best_share_before
              << "% -> " << 100 * r.best_share_after << "% of shapes\n"
              << (head_quality
                      ? fmt::format("spec head on its training shapes: top-1 {:.3f}x of the "
                                    "fastest measured spec (geomean)\n",
                                    head_quality->geomean_top1)
                      : std::string("no spec head\n"))
              << "policy -> " << o->out << "\n";
  });
}

}  // namespace autogemm::cli
