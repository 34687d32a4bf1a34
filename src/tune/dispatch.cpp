#include "tune/dispatch.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <iostream>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/file_lock.hpp"
#include "tune/gpu_name.hpp"
#include "tune/measurement.hpp"
#include "tune/policy_file.hpp"
#include "tune/user_table.hpp"

namespace autogemm::tune {

std::string_view to_string(ChoiceKind k) {
  switch (k) {
    case ChoiceKind::table:
      return "table";
    case ChoiceKind::heuristic:
      return "heuristic";
    case ChoiceKind::cublaslt_fallback:
      return "cublaslt_fallback";
    case ChoiceKind::policy:
      return "policy";
    case ChoiceKind::cost_model:
      return "cost_model";
    case ChoiceKind::timed:
      return "timed";
  }
  return "unknown";
}

std::optional<std::string> unservable_reason(const Problem& p) {
  // The spec rules are the one source of truth: a spec of the problem's types that breaks a
  // rule there (rule_types: fp16 accumulation needs fp16 data) means no kernel serves these types,
  // and validate_problem holds the shape rules (TMA's 16-byte strides).
  const KernelSpec s = heuristic_pick(p).spec;
  if (auto broken = validate(s))
    return fmt::format("no autogemm kernel for {}/{}: {}", to_string(p.dtype), to_string(p.acc),
                       *broken);
  if (auto broken = validate_problem(s, p)) return *broken;
  return std::nullopt;
}

namespace {

Choice table_choice(const TableEntry& e, std::string_view what, const std::string& source) {
  std::string reason =
      fmt::format("{} {} (GPU '{}'): {:.1f} us measured", what, source, e.gpu, e.time_us);
  if (e.reference_us)
    reason +=
        fmt::format(", {} {:.1f} us", e.reference_method.empty() ? "reference" : e.reference_method,
                    *e.reference_us);
  return {ChoiceKind::table, e.spec, std::move(reason)};
}

}  // namespace

// The shipped table and cost model hold fp16 data, fp32 accumulation and layout tn only. A problem
// of other types borrows from its twin of those types, the spec's types changed where that spec
// is valid and runs the problem: bf16 runs the same MMAs at the same rate on the same bytes, fp16
// accumulation the same MMAs with half the accumulator registers, and layout nn the same tiles
// with B loaded as 64-column boxes (widths multiples of 64 unless swap-AB, whose kernel A is then
// M-major: validity.cpp). Before, those problems went to the shape heuristic (nn oracle100 0.944x
// of cuBLASLt-autotune-max in-run, notes 112).
std::optional<Problem> twin_of(const Problem& p) {
  Problem twin = p;
  twin.dtype = DType::f16;
  twin.acc = AccType::f32;
  twin.layout = Layout::tn;
  if (twin == p) return std::nullopt;
  return twin;
}

// What the twin's spec becomes for p's types, when that is valid and runs p.
std::optional<std::string> with_types_of(const std::string& spec, const Problem& p) {
  try {
    KernelSpec s = parse_name(spec);
    s.dtype = p.dtype;
    s.acc = p.acc;
    s.layout = p.layout;
    if (validate(s) || validate_problem(s, p)) return std::nullopt;
    return spec_name(s);
  } catch (const Error&) {
    return std::nullopt;
  }
}

TwinLoan borrow_from_twin(const TuningTable& table, const Problem& p) {
  TwinLoan loan;
  if (const auto twin = twin_of(p))
    if ((loan.entry = table.find(*twin))) loan.spec = with_types_of(loan.entry->spec, p);
  return loan;
}

std::string problem_type(const Problem& p) {
  return fmt::format("{}/{}/{}", to_string(p.dtype), to_string(p.acc), to_string(p.layout));
}

std::string with_note(std::string source, std::string_view note) {
  return note.empty() ? source : source + " (" + std::string(note) + ")";
}

size_t Dispatcher::ProblemHash::operator()(const Problem& p) const {
  size_t h = std::hash<int64_t>()(p.shape.m);
  auto mix = [&h](uint64_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
  mix(uint64_t(p.shape.n));
  mix(uint64_t(p.shape.k));
  mix(uint64_t(p.dtype) << 8 | uint64_t(p.acc) << 4 | uint64_t(p.layout));
  return h;
}

Dispatcher::Dispatcher(std::optional<TuningTable> table, std::string table_source,
                       std::string no_table_note, DeviceFacts device)
    : table_(std::move(table)),
      table_source_(std::move(table_source)),
      no_table_note_(std::move(no_table_note)),
      device_(device) {}

Dispatcher Dispatcher::from_environment(std::string_view gpu_name,
                                        const std::filesystem::path& data_dir, DeviceFacts device,
                                        std::string_view data_note) {
  Dispatcher d = table_from_environment(gpu_name, data_dir, device, data_note);
  d.use_policy_from_environment(gpu_name, data_dir, data_note);
  return d;
}

Dispatcher Dispatcher::table_from_environment(std::string_view gpu_name,
                                              const std::filesystem::path& data_dir,
                                              DeviceFacts device, std::string_view data_note,
                                              std::string_view underlay_gpu) {
  std::optional<TuningTable> table;
  std::string source, note;
  if (const auto path = gpu_data_file("AUTOGEMM_TABLE", data_dir, gpu_name, ".json")) {
    source = with_note(path->string(), data_note);
    table = load_table(*path);
    const auto under =
        underlay_gpu.empty() ? std::nullopt : shipped_data_file(data_dir, underlay_gpu, ".json");
    if (under) {
      // This GPU's own entries over the same chip's whole table.
      TuningTable merged = load_table(*under);
      for (const TableEntry& e : table->entries()) merged.put(e);
      merged.gpu = table->gpu;
      source = fmt::format("{} over {} ({}'s, same chip, for the shapes it lacks)", source,
                           under->string(), underlay_gpu);
      table = std::move(merged);
    }
  } else {
    note = fmt::format("no tuning table for GPU '{}' ({} does not exist)", gpu_name,
                       gpu_data_path(data_dir, gpu_name, ".json").string());
  }
  Dispatcher d(std::move(table), std::move(source), std::move(note), device);
  if (const char* log = std::getenv("AUTOGEMM_LOG"); log && *log && std::string_view(log) != "0")
    d.set_log(&std::cerr);
  return d;
}

void Dispatcher::set_policy(std::shared_ptr<const Policy> policy, std::string source) {
  policy_ = std::move(policy);
  policy_source_ = std::move(source);
}

void Dispatcher::set_ranker(Ranker ranker, std::string source) {
  ranker_ = std::move(ranker);
  ranker_source_ = std::move(source);
}

void Dispatcher::use_policy_from_environment(std::string_view gpu_name,
                                             const std::filesystem::path& data_dir,
                                             std::string_view data_note) {
  if (const auto path = gpu_data_file("AUTOGEMM_POLICY", data_dir, gpu_name, ".policy.json"))
    set_policy(std::make_shared<const Policy>(load_policy(*path)),
               with_note(path->string(), data_note));
}

Choice Dispatcher::choose(const Problem& p) const {
  const Shape& s = p.shape;
  if (s.m < 1 || s.n < 1 || s.k < 1)
    throw Error(fmt::format("dispatch: problem {} has a dimension below 1", describe(p)));

  if (auto why = unservable_reason(p))
    return {ChoiceKind::cublaslt_fallback, "",
            fmt::format("the autogemm kernel cannot serve it: {}", *why)};

  if (table_)
    if (const TableEntry* e = table_->find(p))
      return table_choice(*e, "tuning table", table_source_);
  const auto user = user_table();
  if (user)
    if (const TableEntry* e = user->find(p))
      return table_choice(*e, "user tuning table", user_table_path_.string());
  if (table_)
    if (const TwinLoan loan = borrow_from_twin(*table_, p); loan.spec) {
      Choice c = table_choice(*loan.entry, "tuning table", table_source_);
      c.spec = *loan.spec;
      c.reason += fmt::format(" for its {} twin, whose spec serves {} as {}",
                              problem_type(loan.entry->problem), problem_type(p), *loan.spec);
      c.borrowed = true;
      return c;
    }
  std::string where =
      table_ ? fmt::format("not in tuning table {}", table_source_) : no_table_note_;
  if (user) where += fmt::format(", nor in user tuning table {}", user_table_path_.string());
  if (ranker_) {
    const Ranking r = rank(p);
    if (!r.specs.empty()) {
      if (!r.twin)
        return {ChoiceKind::cost_model, r.specs.front(),
                fmt::format("{}; cost model {}: its best-ranked spec of the default sweep and the "
                            "fitted specs{}",
                            where, ranker_source_,
                            policy_ ? fmt::format(" and {} policy proposals", r.proposals)
                                    : std::string())};
      return {ChoiceKind::cost_model, r.specs.front(),
              fmt::format("{}; cost model {}: its best-ranked spec for the {} twin that serves {} "
                          "(rank {} of {}: {})",
                          where, ranker_source_, problem_type(*twin_of(p)), problem_type(p),
                          r.first_rank + 1, r.twin_ranked, r.first_twin_spec)};
    }
  }
  if (policy_) {
    if (const auto head = policy_->spec_head_choices(p, device_); !head.empty())
      return {ChoiceKind::policy, spec_name(head.front().first),
              fmt::format("{}; policy {}: its spec head's best-scored spec of {} (score {:.3g})",
                          where, policy_source_, head.size(), head.front().second)};
    const auto top = policy_->top_choices(p, 1, device_);
    if (!top.empty())
      return {ChoiceKind::policy, spec_name(top.front()),
              fmt::format("{}; policy {}: its most probable valid spec (p = {:.3g})", where,
                          policy_source_, std::exp(policy_->log_prob(p, top.front(), device_)))};
  }
  const HeuristicPick pick = heuristic_pick(p, device_);
  return {ChoiceKind::heuristic, spec_name(pick.spec),
          fmt::format("{}; heuristic: {}", where, pick.reason)};
}

Dispatcher::Ranking Dispatcher::rank(const Problem& p) const {
  Ranking r;
  std::vector<KernelSpec> proposals;
  if (policy_) proposals = policy_->top_choices(p, kPolicyProposals, device_);
  r.proposals = proposals.size();
  r.specs = ranker_(p, proposals);
  if (!r.specs.empty()) return r;
  // A model trained on the twin's types only ranks the twin's candidates; those that serve p's
  // types, in the twin's order and each once (two twin specs may convert alike), are p's.
  const std::optional<Problem> twin = twin_of(p);
  if (!twin) return r;
  r.twin = true;
  const auto ranked =
      ranker_(*twin, policy_ ? policy_->top_choices(*twin, kPolicyProposals, device_)
                             : std::vector<KernelSpec>{});
  r.twin_ranked = ranked.size();
  std::unordered_set<std::string> seen;
  for (size_t i = 0; i < ranked.size(); ++i)
    if (auto spec = with_types_of(ranked[i], p); spec && seen.insert(*spec).second) {
      if (r.specs.empty()) {
        r.first_rank = i;
        r.first_twin_spec = ranked[i];
      }
      r.specs.push_back(std::move(*spec));
    }
  return r;
}

std::vector<std::string> Dispatcher::ranked_specs(const Problem& p) {
  if (!ranker_ || query(p).kind != ChoiceKind::cost_model) return {};
  return rank(p).specs;
}

const Choice& Dispatcher::set_timed(const Problem& p, const std::string& spec,
                                    const std::string& why) {
  Choice c = query(p);  // the ranker's choice, remembered (no second ranking)
  c.kind = ChoiceKind::timed;
  c.spec = spec;
  c.reason += "; " + why;
  std::unique_lock lock(cache_->mutex);
  // Never replaces an entry: query()'s callers may hold references to it.
  auto [it, inserted] = cache_->tuned.try_emplace(p, std::move(c));
  if (inserted && log_)
    *log_ << fmt::format("autogemm: timed {} -> {} ({})\n", describe(p), it->second.spec,
                         it->second.reason)
          << std::flush;
  return it->second;
}

const Choice& Dispatcher::query(const Problem& p) {
  {
    std::shared_lock lock(cache_->mutex);
    if (auto it = cache_->tuned.find(p); it != cache_->tuned.end()) return it->second;
    if (auto it = cache_->choices.find(p); it != cache_->choices.end()) return it->second;
  }
  Choice c = choose(p);
  std::unique_lock lock(cache_->mutex);
  auto [it, inserted] = cache_->choices.emplace(p, std::move(c));
  if (inserted && log_) {
    const Choice& ch = it->second;
    *log_ << fmt::format("autogemm: dispatch {} -> {}{}{} ({})\n", describe(p), to_string(ch.kind),
                         ch.spec.empty() ? "" : " ", ch.spec, ch.reason)
          << std::flush;
  }
  return it->second;
}

void Dispatcher::set_user_table(std::optional<TuningTable> table, std::filesystem::path path) {
  user_table_path_ = std::move(path);
  std::unique_lock lock(cache_->mutex);
  cache_->user_table = table ? std::make_shared<const TuningTable>(std::move(*table)) : nullptr;
}

std::shared_ptr<const TuningTable> Dispatcher::user_table() const {
  std::shared_lock lock(cache_->mutex);
  return cache_->user_table;
}

void Dispatcher::reload_user_table() {
  auto fresh = load_table_if_exists(user_table_path_);
  std::unique_lock lock(cache_->mutex);
  cache_->user_table = fresh ? std::make_shared<const TuningTable>(std::move(*fresh)) : nullptr;
}

bool Dispatcher::needs_tuning(const Problem& p) {
  if (!tuner_ || user_table_path_.empty()) return false;  // first: gemm()'s hot path asks
  const Choice& choice = query(p);
  if ((choice.kind == ChoiceKind::table && !choice.borrowed) ||
      choice.kind == ChoiceKind::cublaslt_fallback)
    return false;
  std::shared_lock lock(cache_->mutex);
  return !cache_->attempted.count(p);
}

const Choice& Dispatcher::tune(const Problem& p) {
  std::lock_guard one_at_a_time(cache_->tune_mutex);
  if (!needs_tuning(p)) return query(p);
  {
    std::unique_lock lock(cache_->mutex);
    cache_->attempted.insert(p);
  }
  std::optional<std::string> failure;
  try {
    FileLock across_processes(user_table_path_.string() + ".tune.lock");
    reload_user_table();
    const auto user = user_table();
    if (!user || !user->find(p)) {
      failure = tuner_(p);
      reload_user_table();
    }
  } catch (const Error& e) {
    failure = e.what();
  }
  Choice c = choose(p);
  if (failure) c.reason += fmt::format("; tuning on first sight failed: {}", *failure);
  std::unique_lock lock(cache_->mutex);
  auto [it, inserted] = cache_->tuned.emplace(p, std::move(c));
  if (inserted && log_)
    *log_ << fmt::format("autogemm: tuned {} -> {}{}{} ({})\n", describe(p),
                         to_string(it->second.kind), it->second.spec.empty() ? "" : " ",
                         it->second.spec, it->second.reason)
          << std::flush;
  return it->second;
}

}  // namespace autogemm::tune
