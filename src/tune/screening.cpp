#include "tune/screening.hpp"

#include <algorithm>
#include <numeric>

namespace autogemm::tune {

std::vector<KernelSpec> screen(const std::vector<KernelSpec>& pool,
                               const std::vector<double>& scores, size_t count,
                               const std::vector<KernelSpec>& pinned) {
  if (scores.size() != pool.size())
    throw Error("screen: " + std::to_string(scores.size()) + " scores for " +
                std::to_string(pool.size()) + " candidates");
  std::vector<size_t> order(pool.size());
  std::iota(order.begin(), order.end(), 0);
  // Pinned specs sort before everything, in their own order; the rest by score.
  auto pin_rank = [&](size_t i) {
    return size_t(std::find(pinned.begin(), pinned.end(), pool[i]) - pinned.begin());
  };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (pin_rank(a) != pin_rank(b)) return pin_rank(a) < pin_rank(b);
    return scores[a] > scores[b];
  });
  std::vector<KernelSpec> out;
  for (size_t i : order) {
    if (out.size() >= count) break;
    out.push_back(pool[i]);
  }
  return out;
}

std::vector<KernelSpec> propose_screened(const ProposalContext& ctx, size_t count,
                                         const SpecScorer& scorer, int factor) {
  if (!scorer || factor <= 1) return propose(ctx, count);
  const std::vector<KernelSpec> pool = propose(ctx, count * size_t(factor));
  if (pool.size() <= count) return pool;  // nothing to screen out
  return screen(pool, scorer(ctx.problem, pool, ctx.device), count, leading_specs(ctx));
}

}  // namespace autogemm::tune
