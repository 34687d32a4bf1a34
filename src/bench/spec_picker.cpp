#include "bench/spec_picker.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <set>

#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/cost_model.hpp"
#include "tune/dispatch.hpp"
#include "tune/policy_file.hpp"

namespace autogemm::bench {
namespace {

// The KIND: prefixes, each a picker source with its variant of the table's spec.
struct Prefix {
  std::string_view prefix;
  PickerSource::Kind kind;
  bool PickerSource::*variant;  // the flag it sets, or null
};
constexpr Prefix kPrefixes[] = {
    {"table:", PickerSource::Kind::table, nullptr},
    {"tablefix:", PickerSource::Kind::table, &PickerSource::compile_shape},
    {"tableab:", PickerSource::Kind::table, &PickerSource::scaled_twin},
    {"tablebk32:", PickerSource::Kind::table, &PickerSource::bk32_twin},
    {"tableborrow:", PickerSource::Kind::table, &PickerSource::borrow_twin},
    {"policy:", PickerSource::Kind::policy, nullptr},
    {"costmodel:", PickerSource::Kind::cost_model, nullptr},
};

// "table:NAME=FILE, tablefix:NAME=FILE, ... or costmodel:NAME=FILE"
std::string expected_forms() {
  std::string out;
  for (size_t i = 0; i < std::size(kPrefixes); ++i)
    out += std::string(i == 0                          ? ""
                       : i + 1 == std::size(kPrefixes) ? " or "
                                                       : ", ") +
           std::string(kPrefixes[i].prefix) + "NAME=FILE";
  return out;
}

// NAME becomes the CSV's method column and a report label, so it must be a plain word that
// no other method (or the oracle) already uses.
void check_name(const std::string& name, std::string_view text) {
  const auto bad = [&](const std::string& why) {
    throw InputError("--spec '" + std::string(text) + "': " + why);
  };
  if (name.empty()) bad("NAME is empty (expected " + expected_forms() + ")");
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
  set_bk_keeping_ring(s, 32);  // bk 64 or 128: always a whole number of stages
  return validate(s);
}

std::optional<PickerSource> parse_picker_source(std::string_view text) {
  const auto* form = std::find_if(std::begin(kPrefixes), std::end(kPrefixes),
                                  [&](const Prefix& f) { return text.starts_with(f.prefix); });
  if (form == std::end(kPrefixes)) return std::nullopt;
  PickerSource s;
  s.kind = form->kind;
  if (form->variant) s.*(form->variant) = true;
  const std::string_view rest = text.substr(form->prefix.size());
  const size_t eq = rest.find('=');
  if (eq == std::string_view::npos)
    throw InputError("--spec '" + std::string(text) + "': expected " + expected_forms());
  s.name = std::string(rest.substr(0, eq));
  s.file = std::string(rest.substr(eq + 1));
  if (const size_t at = s.name.find('@');
      s.kind == PickerSource::Kind::cost_model && at != std::string::npos) {
    const std::string k = s.name.substr(at + 1);
    s.name.resize(at);
    if (k.empty() || k.size() > 3 ||
        !std::all_of(k.begin(), k.end(), [](unsigned char c) { return std::isdigit(c) != 0; }) ||
        std::stoi(k) < 1)
      throw InputError("--spec '" + std::string(text) + "': the rank after '@' must be 1-999");
    s.rank = std::stoi(k);
  }
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
    const tune::TableEntry* e = table_->find(p);
    std::optional<std::string> borrowed;  // the twin's spec in p's types (tableborrow)
    if (!e && source_.borrow_twin) {
      const tune::TwinLoan loan = tune::borrow_from_twin(*table_, p);
      if (loan.entry && !loan.spec)
        return {"", "the table's spec " + loan.entry->spec +
                        " for the problem's fp16/fp32/tn twin has no form in its types"};
      e = loan.entry;
      borrowed = loan.spec;
    }
    if (e) {
      KernelSpec s = parse_name(borrowed ? *borrowed : e->spec);
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
    // As the dispatcher: a model that knows other types ranks the problem's fp16/fp32/tn twin,
    // and the first spec valid for the problem's types is the pick.
    const auto twin = tune::twin_of(p);
    const Problem& ranked_for = cost_model_->trained_for(p) || !twin ? p : *twin;
    std::vector<KernelSpec> proposals;
    if (policy_)
      proposals = policy_->top_choices(ranked_for, tune::Dispatcher::kPolicyProposals, device);
    // Each spec once, as the dispatcher ranks them (a twin's may convert alike).
    int rank = 0;
    std::set<std::string> seen;
    for (const auto& [spec, score] : tune::rank_candidates(*cost_model_, ranked_for, proposals)) {
      std::optional<std::string> as_p = &ranked_for == &p ? std::optional(spec_name(spec))
                                                          : tune::with_types_of(spec_name(spec), p);
      if (as_p && seen.insert(*as_p).second && ++rank == source_.rank) return {*as_p, ""};
    }
    if (rank > 0)
      return {"", "the cost model ranks " + std::to_string(rank) + " specs for it, fewer than " +
                      std::to_string(source_.rank)};
    return {"", "no default-sweep spec or policy proposal runs the problem"};
  }
  const auto top = policy_->top_choices(p, 1, device);
  if (top.empty()) return {"", "policy " + source_.file + " has no valid spec for the problem"};
  return {spec_name(top.front()), ""};
}

}  // namespace autogemm::bench
