#include "bench/spec_picker.hpp"

#include <algorithm>

#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/cost_model.hpp"
#include "tune/dispatch.hpp"
#include "tune/policy_file.hpp"

namespace autogemm::bench {
namespace {

// NAME becomes the CSV's method column and a report label, so it must be a plain word that
// no other method (or the oracle) already uses.
void check_name(const std::string& name, std::string_view text) {
  const auto bad = [&](const std::string& why) {
    throw InputError("--spec '" + std::string(text) + "': " + why);
  };
  if (name.empty())
    bad("NAME is empty (expected table:NAME=FILE, tablefix:NAME=FILE, tableab:NAME=FILE, "
        "tablebk32:NAME=FILE, "
        "policy:NAME=FILE or costmodel:NAME=FILE)");
  const bool word = std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
  });
  const bool starts_with_letter =
      (name[0] >= 'a' && name[0] <= 'z') || (name[0] >= 'A' && name[0] <= 'Z');
  if (!word || !starts_with_letter)
    bad("NAME '" + name + "' must be letters, digits and '_', starting with a letter");
  const auto methods = registered_method_names();
  if (name == "oracle" || std::find(methods.begin(), methods.end(), name) != methods.end())
    bad("NAME '" + name + "' is already a method's name");
}

}  // namespace

std::optional<std::string> bk32_twin(KernelSpec& s) {
  if (s.bk == 32) return "it is bk 32 already";
  // The ring keeps its bytes: stages x bk stays the same (the tuner's move, proposer.cpp).
  s.stages = s.stages * s.bk / 32;
  s.bk = 32;
  return validate(s);
}

std::optional<PickerSource> parse_picker_source(std::string_view text) {
  PickerSource s;
  std::string_view rest;
  if (text.starts_with("table:")) {
    s.kind = PickerSource::Kind::table;
    rest = text.substr(6);
  } else if (text.starts_with("tablefix:")) {
    s.kind = PickerSource::Kind::table;
    s.compile_shape = true;
    rest = text.substr(9);
  } else if (text.starts_with("tableab:")) {
    s.kind = PickerSource::Kind::table;
    s.scaled_twin = true;
    rest = text.substr(8);
  } else if (text.starts_with("tablebk32:")) {
    s.kind = PickerSource::Kind::table;
    s.bk32_twin = true;
    rest = text.substr(10);
  } else if (text.starts_with("policy:")) {
    s.kind = PickerSource::Kind::policy;
    rest = text.substr(7);
  } else if (text.starts_with("costmodel:")) {
    s.kind = PickerSource::Kind::cost_model;
    rest = text.substr(10);
  } else {
    return std::nullopt;
  }
  const size_t eq = rest.find('=');
  if (eq == std::string_view::npos)
    throw InputError("--spec '" + std::string(text) +
                     "': expected table:NAME=FILE, tablefix:NAME=FILE, tableab:NAME=FILE, "
                     "tablebk32:NAME=FILE, policy:NAME=FILE or "
                     "costmodel:NAME=FILE");
  s.name = std::string(rest.substr(0, eq));
  s.file = std::string(rest.substr(eq + 1));
  check_name(s.name, text);
  if (s.kind == PickerSource::Kind::cost_model)
    if (const size_t comma = s.file.find(','); comma != std::string::npos) {
      s.policy_file = s.file.substr(comma + 1);
      s.file.resize(comma);
      if (s.policy_file.empty())
        throw InputError("--spec '" + std::string(text) + "': POLICY after ',' is empty");
    }
  if (s.file.empty()) throw InputError("--spec '" + std::string(text) + "': FILE is empty");
  return s;
}

SpecPicker::SpecPicker(PickerSource source) : source_(std::move(source)) {
  if (source_.kind == PickerSource::Kind::table)
    table_ = tune::load_table(source_.file);
  else if (source_.kind == PickerSource::Kind::policy)
    policy_ = std::make_shared<const tune::Policy>(tune::load_policy(source_.file));
  else
    cost_model_ = std::make_shared<const tune::CostModel>(tune::CostModel::load(source_.file));
  if (!source_.policy_file.empty())
    policy_ = std::make_shared<const tune::Policy>(tune::load_policy(source_.policy_file));
}

Pick SpecPicker::pick(const Problem& p, const tune::DeviceFacts& device) const {
  if (table_) {
    if (const tune::TableEntry* e = table_->find(p)) {
      KernelSpec s = parse_name(e->spec);
      if (source_.compile_shape) s.fixed = p.shape;
      if (source_.scaled_twin) s.scaled = true;
      if (source_.bk32_twin) {
        if (auto why = bk32_twin(s))
          return {"", "the table's spec " + e->spec + " has no bk-32 twin: " + *why};
      }
      return {spec_name(s), ""};
    }
    return {"", "not in tuning table " + source_.file};
  }
  // In the dispatcher's order: a problem the kernel cannot serve goes to cuBLASLt before the
  // policy is asked (the policy may still name a spec that passes the spec's own rules).
  if (auto why = tune::unservable_reason(p))
    return {"", "the autogemm kernel cannot serve it: " + *why};
  if (cost_model_) {
    std::vector<KernelSpec> proposals;
    if (policy_) proposals = policy_->top_choices(p, tune::Dispatcher::kPolicyProposals, device);
    const auto ranked = tune::rank_candidates(*cost_model_, p, proposals);
    if (ranked.empty()) return {"", "no default-sweep spec or policy proposal runs the problem"};
    return {spec_name(ranked.front().first), ""};
  }
  const auto top = policy_->top_choices(p, 1, device);
  if (top.empty()) return {"", "policy " + source_.file + " has no valid spec for the problem"};
  return {spec_name(top.front()), ""};
}

}  // namespace autogemm::bench
