// Screening: measure the candidates a scorer (the cost model) likes best among many proposals.
//
// Algorithm, per batch of `count`: ask the proposer for factor × count candidates (its usual
// order: heuristic pick, nearest shapes' winners, local moves, ranked sweep), score them all,
// and keep `count`: the heuristic's pick first whenever the proposer offered it (it is what
// gemm() runs untuned, so every tuned shape is compared against it), then the incumbent's launch
// twin (launch_twin: PDL or not is a placement question the scorer cannot answer) and the
// deferred-store seed (defer_seed: the shipped model predates its double-buffered form), then the
// rest by score, best first, ties in the proposer's order. GPU time goes to the predicted winners,
// while the proposer still decides what is worth scoring (valid, untried, near the incumbent).
// Without a scorer this is exactly propose(ctx, count).
#pragma once

#include <functional>
#include <vector>

#include "spec/kernel_spec.hpp"
#include "tune/proposer.hpp"

namespace autogemm::tune {

// One score per spec, higher = predicted faster (e.g. CostModel::predict).
using SpecScorer = std::function<std::vector<double>(const Problem&, const std::vector<KernelSpec>&,
                                                     const DeviceFacts&)>;

// The `count` specs of `pool` to measure: those of `pinned` that `pool` holds first, in
// `pinned`'s order, then the others by `scores` (one per pool entry), best first; ties keep the
// pool's order. Throws Error when the sizes differ.
std::vector<KernelSpec> screen(const std::vector<KernelSpec>& pool,
                               const std::vector<double>& scores, size_t count,
                               const std::vector<KernelSpec>& pinned);

// propose(ctx, count), screened by `scorer` from factor × count proposals when it is set.
std::vector<KernelSpec> propose_screened(const ProposalContext& ctx, size_t count,
                                         const SpecScorer& scorer, int factor);

}  // namespace autogemm::tune
