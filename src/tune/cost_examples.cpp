#include "tune/cost_examples.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

#include "spec/name.hpp"

namespace autogemm::tune {
namespace {

struct SpecRows {
  KernelSpec spec;
  double reward_sum = 0;
  int ok = 0;
  int rows = 0;
};

struct PendingGroup {
  std::string gpu_name;
  Problem problem;
  std::vector<SpecRows> specs;  // first-measured order
  std::vector<const Measurement*> ok_rows, rows;
};

bool timed_ok(const Measurement& m) {
  return m.status == Status::ok && m.median_us && *m.median_us > 0;
}

std::optional<KernelSpec> parse(const std::string& name) {
  try {
    return parse_name(name);
  } catch (const Error&) {
    return std::nullopt;  // a name from an older spec vocabulary
  }
}

// Finishes one group: rewards from times, failed specs below the worst correct one.
std::optional<CostGroup> finish(PendingGroup& g, const ExampleOptions& o, size_t& used) {
  if (g.ok_rows.empty()) return std::nullopt;
  double log_ref_sum = 0;
  int refs = 0;
  for (const Measurement* m : g.rows)
    if (m->reference_median_us && *m->reference_median_us > 0) {
      log_ref_sum += std::log(*m->reference_median_us);
      ++refs;
    }
  if (refs == 0) return std::nullopt;  // rewards without a scale
  const double fallback_ref = std::exp(log_ref_sum / refs);
  auto index_of = [&](const KernelSpec& s) {
    return size_t(std::find_if(g.specs.begin(), g.specs.end(),
                               [&](const SpecRows& r) { return r.spec == s; }) -
                  g.specs.begin());
  };
  for (const Measurement* m : g.rows) {
    SpecRows& r = g.specs[index_of(*parse(m->spec))];
    ++r.rows;
    if (!timed_ok(*m)) continue;
    const double ref = m->reference_median_us && *m->reference_median_us > 0
                           ? *m->reference_median_us
                           : fallback_ref;
    r.reward_sum += std::log(ref / *m->median_us);
    ++r.ok;
  }
  double worst = INFINITY;
  for (const SpecRows& r : g.specs)
    if (r.ok > 0) worst = std::min(worst, r.reward_sum / r.ok);
  CostGroup out{g.gpu_name, g.problem, {}};
  for (const SpecRows& r : g.specs) {
    if (r.ok == 0 && !o.include_failures) continue;
    if (r.ok > 0)
      out.examples.push_back({r.spec, r.reward_sum / r.ok, false});
    else
      out.examples.push_back({r.spec, worst - o.failure_penalty, true});
    used += size_t(r.rows);
  }
  return out;
}

}  // namespace

size_t CostDataset::examples() const {
  size_t n = 0;
  for (const CostGroup& g : groups) n += g.examples.size();
  return n;
}

size_t CostDataset::failed_examples() const {
  size_t n = 0;
  for (const CostGroup& g : groups)
    n += size_t(std::count_if(g.examples.begin(), g.examples.end(),
                              [](const CostExample& e) { return e.failed; }));
  return n;
}

CostDataset build_cost_dataset(const std::vector<Measurement>& rows, const ExampleOptions& o) {
  std::map<std::pair<std::string, std::string>, PendingGroup> pending;  // (gpu, problem key)
  for (const Measurement& m : rows) {
    if (m.mode != o.mode || (o.gpu_name && m.env.gpu_name != *o.gpu_name)) continue;
    if (std::find(o.exclude.begin(), o.exclude.end(), m.problem.shape) != o.exclude.end()) continue;
    const auto spec = parse(m.spec);
    if (!spec) continue;
    PendingGroup& g = pending[{m.env.gpu_name, problem_key(m.problem)}];
    g.gpu_name = m.env.gpu_name;
    g.problem = m.problem;
    g.rows.push_back(&m);
    if (timed_ok(m)) g.ok_rows.push_back(&m);
    if (std::none_of(g.specs.begin(), g.specs.end(),
                     [&](const SpecRows& r) { return r.spec == *spec; }))
      g.specs.push_back({*spec});
  }
  CostDataset out;
  for (auto& [key, g] : pending)
    if (auto group = finish(g, o, out.rows_used)) out.groups.push_back(std::move(*group));
  out.rows_skipped = rows.size() - out.rows_used;
  return out;
}

std::vector<std::string> gpu_names(const std::vector<Measurement>& rows) {
  std::set<std::string> names;
  for (const Measurement& m : rows) names.insert(m.env.gpu_name);
  return {names.begin(), names.end()};
}

}  // namespace autogemm::tune
