#include "tune/screening.hpp"

#include <algorithm>
#include <numeric>

namespace autogemm::tune {

std::vector<KernelSpec> screen(const std::vector<KernelSpec>& pool,
                               const std::vector<double>& scores, size_t count,
                               const std::optional<KernelSpec>& pinned) {
  if (scores.size() != pool.size())
    throw Error("screen: " + std::to_string(scores.size()) + " scores for " +
                std::to_string(pool.size()) + " candidates");
  std::vector<size_t> order(pool.size());
  std::iota(order.begin(), order.end(), 0);
  // The pinned spec sorts before everything; the rest by score.
  auto is_pinned = [&](size_t i) { return pinned && pool[i] == *pinned; };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (is_pinned(a) != is_pinned(b)) return is_pinned(a);
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
  return screen(pool, scorer(ctx.problem, pool, ctx.device), count,
                heuristic_pick(ctx.problem, ctx.device).spec);
}

}  // namespace autogemm::tune
