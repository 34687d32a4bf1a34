// autogemm db rank: the cost model's choice per shape, no measurement. For each shape it ranks
// the default sweep's specs that can run the problem and prints the best (or the --top best):
//   autogemm db rank --cost-model model.json --shapes bench/shapes/oracle100.txt --layout tn
// One line per shape and pick: M_N_K rank spec predicted_reward. This is the zero-shot pick of
// issue 5 as it was measured (bench/results/h200/h200_issue5_zero_shot_tn.md).
#include <iostream>
#include <memory>

#include "bench/errors.hpp"
#include "bench/shapes.hpp"
#include "commands.hpp"
#include "input_errors.hpp"
#include "shape_options.hpp"
#include "spec/name.hpp"
#include "tune/cost_model.hpp"

namespace autogemm::cli {

void register_rank(CLI::App& db) {
  struct Options {
    ShapeOptions shapes;
    std::string model, dtype = "fp16", acc = "fp32", layout = "tn";
    int top = 1;
  };
  auto o = std::make_shared<Options>();
  auto* sub = db.add_subcommand(
      "rank",
      "The cost model's choice per shape without measuring: its best-ranked default-sweep specs");
  add_shape_options(*sub, o->shapes);
  sub->add_option("--cost-model,--cost_model", o->model,
                  "Cost model (autogemm db train-cost-model)")
      ->required();
  sub->add_option("--dtype", o->dtype, "Data type: fp16 or bf16")->capture_default_str();
  sub->add_option("--acc", o->acc, "Accumulator: fp32 or fp16")->capture_default_str();
  sub->add_option("--layout", o->layout, "B layout: nn or tn")->capture_default_str();
  sub->add_option("--top", o->top, "Specs printed per shape, best first")->capture_default_str();
  sub->callback([o] {
    if (o->top < 1) throw bench::InputError("--top must be at least 1");
    const DType dtype = as_bad_input([&] { return parse_dtype(o->dtype); }, "--dtype");
    const AccType acc = as_bad_input([&] { return parse_acc(o->acc); }, "--acc");
    const Layout layout = as_bad_input([&] { return parse_layout(o->layout); }, "--layout");
    const auto model = as_bad_input([&] { return tune::CostModel::load(o->model); });
    for (const Shape& shape : resolve_shapes(o->shapes, 0)) {
      const auto ranked = tune::rank_sweep(model, Problem{shape, dtype, acc, layout});
      if (ranked.empty())
        std::cout << bench::shape_name(shape) << " - no sweep spec runs this problem\n";
      for (size_t r = 0; r < ranked.size() && r < size_t(o->top); ++r)
        std::cout << bench::shape_name(shape) << " " << r + 1 << " " << spec_name(ranked[r].first)
                  << " " << ranked[r].second << "\n";
    }
  });
}

}  // namespace autogemm::cli
