// autogemm dispatch: which kernel autogemm::gemm would run for a problem, and why — without a
// GPU. For example:
//   autogemm dispatch --mnk 4096_4096_4096 --layout tn --gpu "NVIDIA H200"
//   autogemm dispatch --mnk 64_30_64 --table my_table.json
//   autogemm dispatch --mnk 1000_3000_2000 --policy data/nvidia_h200.policy.json
//   autogemm dispatch --mnk 9210_504_1880 --layout tn --gpu nvidia_h200 --wide-swap 8
#include <cstdlib>
#include <iostream>
#include <memory>
#include <optional>

#include <fmt/format.h>

#include "bench/shapes.hpp"
#include "commands.hpp"
#include "input_errors.hpp"
#include "runtime/timed_choice.hpp"
#include "spec/fitted.hpp"
#include "spec/name.hpp"
#include "tune/cost_model.hpp"
#include "tune/dispatch.hpp"
#include "tune/first_sight.hpp"
#include "tune/measurement.hpp"
#include "tune/policy_file.hpp"
#include "tune/shipped_data.hpp"

namespace autogemm::cli {

namespace {
// What gemm()'s first call of p in a process would time on the GPU (runtime/timed_choice.hpp):
// the cost model's choices only, only problems worth a trial, and none where gemm() tunes on
// first sight. A bad trial setting (runtime::check_trial_settings) fails gemm()'s first call
// whatever the problem, so it is bad input here whatever the choice.
std::string trial_line(tune::Dispatcher& d, const tune::Choice& c, const Problem& p, int sms) {
  as_bad_input([] { runtime::check_trial_settings(); });
  const int count = runtime::autotune_candidates();
  if (c.kind != tune::ChoiceKind::cost_model)
    return "none (only the cost model's choices are timed)";
  if (tune::first_sight_enabled())
    return "none (AUTOGEMM_TUNE: gemm() tunes the problem on first sight instead)";
  if (count < 2) return "none (AUTOGEMM_AUTOTUNE below 2)";
  if (!runtime::worth_timing(p)) return "none (not worth timing: too short a call, or too long)";
  const std::vector<std::string> specs = runtime::first_call_trial(p, d.ranked_specs(p), sms);
  if (specs.size() < 2) return "none (one candidate)";
  std::string line = fmt::format("{} candidates on the first call in a process:", specs.size());
  for (const std::string& s : specs) line += "\n         " + s;
  return line;
}
}  // namespace

void register_dispatch(CLI::App& app) {
  struct Options {
    std::string mnk, dtype = "fp16", acc = "fp32", layout = "nn", cost_model;
    std::string table, gpu, data_dir = "data", policy;
    int sms = tune::DeviceFacts{}.sm_count;
    int wide_swap = 0;
  };
  auto o = std::make_shared<Options>();
  auto* sub = app.add_subcommand(
      "dispatch",
      "Print the dispatcher's choice for a problem: tuning table, learned policy, heuristic, or "
      "cuBLASLt fallback, with the reason");
  sub->add_option("--mnk", o->mnk, "The shape, M_N_K")->required();
  sub->add_option("--dtype", o->dtype, "Data type: fp16 or bf16")->capture_default_str();
  sub->add_option("--acc", o->acc, "Accumulator: fp32 or fp16")->capture_default_str();
  sub->add_option("--layout", o->layout, "B layout: nn (A@B) or tn (A@W.T)")->capture_default_str();
  sub->add_option("--table", o->table, "Tuning table to use (else AUTOGEMM_TABLE, else --gpu)");
  sub->add_option("--gpu", o->gpu, "GPU name whose table <data-dir>/<gpu>.json to use");
  sub->add_option("--policy", o->policy,
                  "Learned policy for problems not in the table (else AUTOGEMM_POLICY, else "
                  "<data-dir>/<gpu>.policy.json)");
  sub->add_option("--cost-model,--cost_model", o->cost_model,
                  "Cost model for problems not in the table, before the policy (else "
                  "AUTOGEMM_COST_MODEL, else <data-dir>/<gpu>.costmodel.json[.gz])");
  sub->add_option("--data-dir", o->data_dir, "Directory of shipped tables")->capture_default_str();
  sub->add_option("--sms", o->sms, "SM count the heuristic assumes")->capture_default_str();
  sub->add_option("--wide-swap,--wide_swap", o->wide_swap,
                  "Also list the best N wide swap-AB tiles (spec/fitted.hpp wide_swap_specs: the "
                  "pool of the trials' wave-filling candidate) with their wave-fill scores");
  sub->callback([o] {
    if (o->wide_swap < 0) throw bench::InputError("--wide-swap must be 0 or more");
    Problem p;
    p.shape = bench::parse_mnk(o->mnk);
    p.dtype = as_bad_input([&] { return parse_dtype(o->dtype); }, "--dtype");
    p.acc = as_bad_input([&] { return parse_acc(o->acc); }, "--acc");
    p.layout = as_bad_input([&] { return parse_layout(o->layout); }, "--layout");
    if (o->sms < 1) throw bench::InputError("--sms must be positive");
    const tune::DeviceFacts device{o->sms};

    const char* env_table = std::getenv("AUTOGEMM_TABLE");
    // --gpu: the data gemm() would find on that GPU (an sm_90 part with --sms SMs), each kind
    // falling back to a same-chip GPU's and its own table over that GPU's.
    const bool shipped = o->table.empty() && (!o->gpu.empty() || (env_table && *env_table));
    tune::Dispatcher d = as_bad_input([&] {
      if (!o->table.empty())
        return tune::Dispatcher(tune::load_table(o->table), o->table, "", device);
      if (shipped) return tune::dispatcher_for_gpu(o->gpu, 9, 0, o->sms, o->data_dir);
      return tune::Dispatcher(std::nullopt, "",
                              "no tuning table given (--table, AUTOGEMM_TABLE or --gpu)", device);
    });
    as_bad_input([&] {
      if (!o->policy.empty())
        d.set_policy(std::make_shared<const tune::Policy>(tune::load_policy(o->policy)), o->policy);
      else if (!shipped)
        d.use_policy_from_environment(o->gpu, o->data_dir);
    });
    as_bad_input([&] {
      if (!o->cost_model.empty())
        tune::set_cost_model_ranker(
            d, std::make_shared<const tune::CostModel>(tune::CostModel::load(o->cost_model)),
            o->cost_model);
      else if (!shipped)
        tune::use_cost_model_from_environment(d, o->gpu, o->data_dir);
    });
    const tune::Choice c = as_bad_input([&] { return d.choose(p); });
    const std::string trial = trial_line(d, c, p, o->sms);  // may refuse a bad environment
    std::cout << "problem: " << tune::describe(p) << "\n"
              << "choice:  " << tune::to_string(c.kind) << "\n"
              << "spec:    " << (c.spec.empty() ? "-" : c.spec) << "\n"
              << "reason:  " << c.reason << "\n"
              << "trial:   " << trial << "\n";
    if (o->wide_swap > 0) {
      std::cout << "wide swap-AB tiles (wave-fill score, spec):\n";
      for (const KernelSpec& s : wide_swap_specs(p, o->sms, size_t(o->wide_swap))) {
        const std::string name = spec_name(s);
        std::cout << fmt::format("         {:.4f} {}\n",
                                 runtime::wave_fit_score(p, name, o->sms).value_or(0.0), name);
      }
    }
  });
}

}  // namespace autogemm::cli
