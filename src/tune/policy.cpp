#include "tune/policy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <queue>

#include "spec/enumerate.hpp"
#include "spec/validity.hpp"
#include "tune/cost_model.hpp"

namespace autogemm::tune {
namespace {

// Combinations enumerated_choices() looks at before it falls back to the sweep: enough for
// thousands of invalid combinations ahead of the k-th valid one, small enough to stay a few
// milliseconds.
constexpr size_t kMaxCombinations = 20000;

bool fits(const KernelSpec& s, const Problem& p) {
  return !validate(s) && !validate_problem(s, p);
}

// log π of the field values `choice` under the per-field log-probabilities `lp`.
double joint_log_prob(const std::array<std::vector<double>, kNumPolicyFields>& lp,
                      const FieldChoice& choice) {
  double sum = 0;
  for (size_t f = 0; f < kNumPolicyFields; ++f) sum += lp[f][size_t(choice[f])];
  return sum;
}

// A uniform double in [0, 1) from the top 53 bits: the same on every standard library, unlike
// std::uniform_real_distribution.
double uniform01(std::mt19937_64& rng) {
  return double(rng() >> 11) * 0x1.0p-53;
}

// One candidate of the best-first enumeration: rank r[f] is the position of field f's value
// in that field's values sorted by decreasing probability.
struct Combination {
  double log_prob;
  FieldChoice rank;
};

// Most probable first; equal probabilities in rank order, so the result is deterministic.
struct LessProbable {
  bool operator()(const Combination& a, const Combination& b) const {
    if (a.log_prob != b.log_prob) return a.log_prob < b.log_prob;
    return a.rank > b.rank;
  }
};

// Whether some spec with value v in field f can run p, judged by changing at most one other
// field of the default spec: enough while validate_problem reads at most two fields (today it
// reads swap-AB alone). Erring towards keeping a value only costs enumeration time.
bool can_run_with(size_t f, int v, const Problem& p) {
  FieldChoice probe{};
  probe[f] = v;
  if (!validate_problem(decode(probe, p), p)) return true;
  for (size_t g = 0; g < kNumPolicyFields; ++g) {
    if (g == f) continue;
    for (int w = 1; w < int(policy_fields()[g].values.size()); ++w) {
      FieldChoice pair = probe;
      pair[g] = w;
      if (!validate_problem(decode(pair, p), p)) return true;
    }
  }
  return false;
}

}  // namespace

Policy::Policy() {
  for (size_t f = 0; f < kNumPolicyFields; ++f)
    params_[f].assign(policy_fields()[f].values.size() * kParamsPerValue, 0.0);
}

void Policy::set_unmeasured(size_t field, size_t value) {
  std::fill_n(params_[field].begin() + std::ptrdiff_t(value * kParamsPerValue), kNumFeatures, 0.0);
  bias(field, value) = kUnmeasuredBias;
}

bool Policy::unmeasured(size_t field, size_t value) const {
  const double* row = &params_[field][value * kParamsPerValue];
  return row[kNumFeatures] == kUnmeasuredBias &&
         std::all_of(row, row + kNumFeatures, [](double w) { return w == 0.0; });
}

std::array<std::vector<double>, kNumPolicyFields> Policy::field_log_probs(const Features& x) const {
  std::array<std::vector<double>, kNumPolicyFields> out;
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    const std::vector<double>& w = params_[f];
    const size_t values = w.size() / kParamsPerValue;
    std::vector<double>& logits = out[f];
    logits.resize(values);
    for (size_t v = 0; v < values; ++v) {
      const double* wv = &w[v * kParamsPerValue];
      logits[v] = std::inner_product(x.begin(), x.end(), wv, wv[kNumFeatures]);
    }
    // log-softmax, shifted by the maximum so exp() cannot overflow.
    const double top = *std::max_element(logits.begin(), logits.end());
    double sum = 0;
    for (double l : logits) sum += std::exp(l - top);
    const double log_z = top + std::log(sum);
    for (double& l : logits) l -= log_z;
  }
  return out;
}

double Policy::log_prob(const Problem& p, const KernelSpec& spec, const DeviceFacts& device) const {
  const auto choice = encode(spec);
  if (!choice || spec.dtype != p.dtype || spec.acc != p.acc || spec.layout != p.layout)
    return -std::numeric_limits<double>::infinity();
  return joint_log_prob(field_log_probs(features(p, device)), *choice);
}

std::optional<KernelSpec> Policy::sample(const Problem& p, std::mt19937_64& rng,
                                         const DeviceFacts& device, int max_tries) const {
  // Per field, the running sums of its values' probabilities, worked out once for all draws.
  auto cumulative = field_log_probs(features(p, device));
  for (auto& values : cumulative) {
    double sum = 0;
    for (double& v : values) v = sum += std::exp(v);
  }
  for (int t = 0; t < max_tries; ++t) {
    FieldChoice choice{};
    for (size_t f = 0; f < kNumPolicyFields; ++f) {
      const auto& c = cumulative[f];
      const auto at = std::upper_bound(c.begin(), c.end(), uniform01(rng));
      // Past the end where rounding leaves the sum just below the draw: the last value.
      choice[f] = int(std::min(at - c.begin(), std::ptrdiff_t(c.size()) - 1));
    }
    const KernelSpec s = decode(choice, p);
    if (fits(s, p)) return s;
  }
  return std::nullopt;
}

std::vector<std::pair<KernelSpec, double>> Policy::spec_head_choices(
    const Problem& p, const DeviceFacts& device) const {
  if (!spec_head || !spec_head->trained_for(p)) return {};
  std::vector<KernelSpec> typed = library;  // kept with their types; ranked with p's
  for (KernelSpec& s : typed) {
    s.dtype = p.dtype;
    s.acc = p.acc;
    s.layout = p.layout;
  }
  return rank_candidates(*spec_head, p, typed, device);
}

std::vector<KernelSpec> Policy::top_choices(const Problem& p, size_t k,
                                            const DeviceFacts& device) const {
  if (const auto scored = spec_head_choices(p, device); !scored.empty()) {
    std::vector<KernelSpec> out;
    for (size_t i = 0; i < scored.size() && i < k; ++i) out.push_back(scored[i].first);
    return out;
  }
  if (library.empty()) return enumerated_choices(p, k, device);
  std::vector<KernelSpec> out;
  if (k == 0) return out;
  const auto lp = field_log_probs(features(p, device));
  std::vector<std::pair<double, KernelSpec>> scored;
  for (KernelSpec s : library) {
    s.dtype = p.dtype;
    s.acc = p.acc;
    s.layout = p.layout;
    const auto choice = encode(s);
    if (choice && fits(s, p)) scored.emplace_back(joint_log_prob(lp, *choice), s);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [l, s] : scored) {
    if (out.size() >= k) return out;
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  // Fewer library specs fit p than asked for: the enumeration's, after them.
  for (const KernelSpec& s : enumerated_choices(p, k + out.size(), device)) {
    if (out.size() >= k) break;
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

std::vector<KernelSpec> Policy::enumerated_choices(const Problem& p, size_t k,
                                                   const DeviceFacts& device) const {
  std::vector<KernelSpec> out;
  if (k == 0) return out;
  const auto lp = field_log_probs(features(p, device));
  auto add = [&](const KernelSpec& s) {
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  // order[f][r]: the value index of rank r in field f. Values that cannot run the problem
  // whatever the other fields are (e.g. no swap-AB where N is not a multiple of 8) are left out,
  // so that a problem only swap-AB serves does not wade through every combination without it;
  // so are unmeasured values (see the header), unless the field has no other that can run it.
  std::array<std::vector<int>, kNumPolicyFields> order;
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    std::vector<int> unmeasured_ones;
    for (int v = 0; v < int(lp[f].size()); ++v)
      if (can_run_with(f, v, p))
        (unmeasured(f, size_t(v)) ? unmeasured_ones : order[f]).push_back(v);
    if (order[f].empty()) order[f] = unmeasured_ones;
    if (order[f].empty()) return out;  // nothing of these types runs the problem
    std::stable_sort(order[f].begin(), order[f].end(),
                     [&](int a, int b) { return lp[f][size_t(a)] > lp[f][size_t(b)]; });
  }
  auto make = [&](const FieldChoice& rank) {
    Combination c{0.0, rank};
    for (size_t f = 0; f < kNumPolicyFields; ++f)
      c.log_prob += lp[f][size_t(order[f][size_t(rank[f])])];
    return c;
  };
  std::priority_queue<Combination, std::vector<Combination>, LessProbable> queue;
  queue.push(make(FieldChoice{}));
  for (size_t popped = 0; !queue.empty() && out.size() < k && popped < kMaxCombinations; ++popped) {
    const Combination c = queue.top();
    queue.pop();
    FieldChoice choice{};
    for (size_t f = 0; f < kNumPolicyFields; ++f) choice[f] = order[f][size_t(c.rank[f])];
    if (const KernelSpec s = decode(choice, p); fits(s, p)) add(s);
    // Successors raise the rank of a field at or after the last raised one: every
    // combination then has exactly one parent and is queued once.
    size_t last = 0;
    for (size_t f = 0; f < kNumPolicyFields; ++f)
      if (c.rank[f] > 0) last = f;
    for (size_t f = last; f < kNumPolicyFields; ++f) {
      if (size_t(c.rank[f]) + 1 >= order[f].size()) continue;
      FieldChoice next = c.rank;
      ++next[f];
      queue.push(make(next));
    }
  }
  if (out.size() >= k) return out;

  // Rare: the valid specs lie deep in the enumeration (e.g. a problem only swap-AB can run,
  // under a policy that finds swap-AB unlikely). Rank the sweep instead.
  std::vector<std::pair<double, KernelSpec>> scored;
  for (const KernelSpec& s : default_sweep(p.dtype, p.acc, p.layout)) {
    const double l = log_prob(p, s, device);
    if (std::isfinite(l) && fits(s, p) && std::find(out.begin(), out.end(), s) == out.end())
      scored.emplace_back(l, s);
  }
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  for (const auto& [l, s] : scored) {
    if (out.size() >= k) break;
    out.push_back(s);
  }
  return out;
}

bool operator==(const Policy& a, const Policy& b) {
  if (!(a.info == b.info && a.library == b.library && a.params_ == b.params_)) return false;
  if (!a.spec_head || !b.spec_head) return !a.spec_head && !b.spec_head;
  return a.spec_head == b.spec_head || a.spec_head->to_bytes() == b.spec_head->to_bytes();
}

}  // namespace autogemm::tune
