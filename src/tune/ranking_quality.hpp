// How well a ranking of candidates matches their true order, per shape and over shapes: what
// the cost model's tests demand and `autogemm db train-cost-model --holdout` reports.
//
// Per group (one shape's candidates): Spearman's rank correlation between predicted scores and
// true rewards (higher is better for both), and whether the top-scored candidate is within
// `tolerance` of the truly best one in time (reward = log(t_ref / t), so the pick's time over
// the best's is exp(best reward - pick reward)). A tie for the top score goes to the earlier
// candidate, so a constant ranking picks the first one.
#pragma once

#include <cstddef>
#include <vector>

namespace autogemm::tune {

// Spearman's rho with average ranks for ties; 0 when either side is constant (no ranking) or
// has fewer than two values. Throws Error when the sizes differ.
double spearman(const std::vector<double>& a, const std::vector<double>& b);

struct RankingQuality {
  size_t groups = 0;
  double mean_spearman = 0;
  double top1_hit_rate = 0;  // share of groups whose pick is within the tolerance
  double geomean_top1 = 0;   // geometric mean over groups of t_best / t_pick (1 = always best)
};

// `scores[g]` and `rewards[g]` are group g's predicted scores and true rewards. Groups with
// fewer than two candidates are skipped. Throws Error when the shapes differ.
RankingQuality ranking_quality(const std::vector<std::vector<double>>& scores,
                               const std::vector<std::vector<double>>& rewards,
                               double tolerance = 0.05);

}  // namespace autogemm::tune
