#include "tune/ranking_quality.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "autogemm/types.hpp"

namespace autogemm::tune {
namespace {

// Ranks 1..n, ties sharing the mean of the ranks they span.
std::vector<double> average_ranks(const std::vector<double>& v) {
  std::vector<size_t> order(v.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return v[a] < v[b]; });
  std::vector<double> ranks(v.size());
  for (size_t i = 0; i < order.size();) {
    size_t j = i;
    while (j + 1 < order.size() && v[order[j + 1]] == v[order[i]]) ++j;
    const double rank = 0.5 * double(i + j) + 1.0;
    for (size_t t = i; t <= j; ++t) ranks[order[t]] = rank;
    i = j + 1;
  }
  return ranks;
}

}  // namespace

double spearman(const std::vector<double>& a, const std::vector<double>& b) {
  if (a.size() != b.size()) throw Error("spearman: the two lists differ in length");
  if (a.size() < 2) return 0;
  const auto ra = average_ranks(a), rb = average_ranks(b);
  const double mean = 0.5 * double(a.size() + 1);
  double cov = 0, va = 0, vb = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    cov += (ra[i] - mean) * (rb[i] - mean);
    va += (ra[i] - mean) * (ra[i] - mean);
    vb += (rb[i] - mean) * (rb[i] - mean);
  }
  if (va == 0 || vb == 0) return 0;
  return cov / std::sqrt(va * vb);
}

RankingQuality ranking_quality(const std::vector<std::vector<double>>& scores,
                               const std::vector<std::vector<double>>& rewards, double tolerance) {
  if (scores.size() != rewards.size()) throw Error("ranking_quality: group counts differ");
  RankingQuality q;
  double rho_sum = 0, log_ratio_sum = 0;
  size_t hits = 0;
  for (size_t g = 0; g < scores.size(); ++g) {
    const auto& s = scores[g];
    const auto& r = rewards[g];
    if (s.size() != r.size()) throw Error("ranking_quality: a group's sizes differ");
    if (s.size() < 2) continue;
    ++q.groups;
    rho_sum += spearman(s, r);
    const size_t pick = size_t(std::max_element(s.begin(), s.end()) - s.begin());  // first max
    const double best = *std::max_element(r.begin(), r.end());
    const double log_ratio = best - r[pick];  // log(t_pick / t_best) >= 0
    if (log_ratio <= std::log1p(tolerance)) ++hits;
    log_ratio_sum += log_ratio;
  }
  if (q.groups == 0) return q;
  q.mean_spearman = rho_sum / double(q.groups);
  q.top1_hit_rate = double(hits) / double(q.groups);
  q.geomean_top1 = std::exp(-log_ratio_sum / double(q.groups));
  return q;
}

}  // namespace autogemm::tune
