// autogemm db rank: the cost model's or the policy's choice per shape, no measurement. With a
// cost model it ranks the default sweep's specs that can run the problem; with a policy it
// prints its top choices (Policy::top_choices, as the dispatcher takes them). The best, or the
// --top best:
//   autogemm db rank --cost-model model.json --shapes bench/shapes/oracle100.txt --layout tn
//   autogemm db rank --policy policy.json --shapes bench/shapes/oracle100.txt --layout tn
// One line per shape and pick: M_N_K rank spec score (the cost model's predicted reward; the
// policy's spec-head score, or its log-probability without a head). scripts/issue5_pick_eval.py
// scores such picks against a bench run.
#include <iostream>
#include <memory>
#include <optional>

#include "bench/errors.hpp"
#include "bench/shapes.hpp"
#include "commands.hpp"
#include "input_errors.hpp"
#include "shape_options.hpp"
#include "spec/name.hpp"
#include "tune/cost_model.hpp"
#include "tune/policy.hpp"
#include "tune/policy_file.hpp"

namespace autogemm::cli {

void register_rank(CLI::App& db) {
  struct Options {
    ShapeOptions shapes;
    std::string model, policy, dtype = "fp16", acc = "fp32", layout = "tn";
    int top = 1;
  };
  auto o = std::make_shared<Options>();
  auto* sub = db.add_subcommand(
      "rank", "The cost model's or the policy's choice per shape without measuring");
  add_shape_options(*sub, o->shapes);
  auto* model = sub->add_option("--cost-model,--cost_model", o->model,
                                "Cost model (autogemm db train-cost-model)");
  auto* policy =
      sub->add_option("--policy", o->policy, "Learned policy (autogemm db train-policy)");
  model->excludes(policy);
  sub->add_option("--dtype", o->dtype, "Data type: fp16 or bf16")->capture_default_str();
  sub->add_option("--acc", o->acc, "Accumulator: fp32 or fp16")->capture_default_str();
  sub->add_option("--layout", o->layout, "B layout: nn or tn")->capture_default_str();
  sub->add_option("--top", o->top, "Specs printed per shape, best first")->capture_default_str();
  sub->callback([o] {
    if (o->top < 1) throw bench::InputError("--top must be at least 1");
    if (o->model.empty() && o->policy.empty())
      throw bench::InputError("give --cost-model or --policy");
    const DType dtype = as_bad_input([&] { return parse_dtype(o->dtype); }, "--dtype");
    const AccType acc = as_bad_input([&] { return parse_acc(o->acc); }, "--acc");
    const Layout layout = as_bad_input([&] { return parse_layout(o->layout); }, "--layout");
    std::optional<tune::CostModel> model;
    std::optional<tune::Policy> policy;
    if (!o->model.empty())
      model = as_bad_input([&] { return tune::CostModel::load(o->model); });
    else
      policy = as_bad_input([&] { return tune::load_policy(o->policy); });
    for (const Shape& shape : resolve_shapes(o->shapes, 0)) {
      const Problem p{shape, dtype, acc, layout};
      std::vector<std::pair<KernelSpec, double>> ranked;
      if (model) {
        ranked = tune::rank_sweep(*model, p);
      } else if (ranked = policy->spec_head_choices(p, policy->info.device); ranked.empty()) {
        for (const KernelSpec& s : policy->top_choices(p, size_t(o->top), policy->info.device))
          ranked.emplace_back(s, policy->log_prob(p, s, policy->info.device));
      }
      if (ranked.empty()) std::cout << bench::shape_name(shape) << " - no spec runs this problem\n";
      for (size_t r = 0; r < ranked.size() && r < size_t(o->top); ++r)
        std::cout << bench::shape_name(shape) << " " << r + 1 << " " << spec_name(ranked[r].first)
                  << " " << ranked[r].second << "\n";
    }
  });
}

}  // namespace autogemm::cli
