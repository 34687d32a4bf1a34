// The tuner's proposer: which kernel specs to measure next for one problem.
//
// Algorithm (deterministic for a given store state; only specs that are valid and fit the
// problem; never a spec already tried; no duplicates), candidates in this order:
//   1. the dispatcher heuristic's pick for the problem (what gemm() would run untuned), then
//      the incumbent's launch twin (launch_twin below; from the second batch on), then the
//      deferred-store seed where it applies (defer_seed below), then, when a learned policy is
//      given (policy.hpp), its most probable valid specs;
//   2. the best spec of each of the nearest finished shapes in the store (same GPU, dtype, acc,
//      layout; distance in log M, log N, log K): experience transfers between similar shapes;
//   2b. on few-tile shapes with long K, the split seeds (split_seeds below; with a policy they
//       come after its choices, so in a later batch);
//   2c. the first kFittedSeeds specs whose tiles fit the shape (spec/fitted.hpp): widths that
//       divide M or N into whole tiles (M on the MMA's N with swap-AB), 4- to 8-CTA clusters;
//   2d. the first kWideSwapSeeds swap-AB tiles whose warpgroups split M (wide_swap_specs);
//   3. local moves around the incumbent (the fastest correct spec so far; before any
//      measurement, the heuristic's pick): one field changed at a time — first the split-K
//      pieces' launch order (split-pass specs), then bm, bn, bk, stages ±1, cluster shape,
//      epilogue, stream-K, swap-AB (small M), mma_lag, consumers/ping-pong, persistence,
//      cluster split-K, split-K pieces, raster, swizzle, the problem's shape compiled in;
//   4. the default sweep, ranked by a shape-aware score (wave fill × padding use × a mild
//      preference for large tiles), so small shapes get small tiles first; then the rest of the
//      fitted specs.
// The tuner calls propose() once per batch with the incumbent and tried list updated, so the
// later batches are local search around whatever has won so far.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "autogemm/types.hpp"
#include "spec/kernel_spec.hpp"
#include "tune/heuristic.hpp"

namespace autogemm::tune {

class ExperienceStore;
class Policy;

struct ProposalContext {
  Problem problem;
  DeviceFacts device;
  const Policy* policy = nullptr;       // optional; must outlive the propose() calls
  size_t policy_choices = 8;            // how many of the policy's top choices step 1 adds
  std::vector<KernelSpec> neighbours;   // best specs of the nearest done shapes, nearest first
  std::optional<KernelSpec> incumbent;  // fastest correct spec measured so far
  std::vector<KernelSpec> tried;        // measured already (any status): never proposed again
};

// Up to `count` candidates, in the order above.
std::vector<KernelSpec> propose(const ProposalContext& ctx, size_t count);

// `s` launched the other way: without PDL if it has it (its L2 prefetch, which needs PDL,
// dropped), else under PDL; nullopt where that breaks a rule or does not fit `p`. Which way is
// faster depends on where the previous grid leaves the CTAs (a split-pass GEMM behind its own
// reduction pass: 3-21% either way, h200_skp_fill_s38), which the cost model cannot see: the
// tuner measures the incumbent's twin whatever its score.
std::optional<KernelSpec> launch_twin(const KernelSpec& s, const Problem& p);

// The candidates that lead every batch whatever a scorer says (step 1 above): the heuristic's
// pick, then the incumbent's launch twin where it has one, then the deferred-store seed where
// it applies (the shipped cost model predates its double-buffered form). propose() offers them
// first (unless tried) and propose_screened() keeps them (screening.hpp).
std::vector<KernelSpec> leading_specs(const ProposalContext& ctx);

// Every valid spec fitting `p` that differs from `from` in exactly one field group (see
// changed_fields), in a fixed order.
std::vector<KernelSpec> local_moves(const KernelSpec& from, const Problem& p);

// The field groups in which `a` and `b` differ: "bm", "bn", "stages", "cluster" (both cluster
// dimensions), "warpgroups" (consumers and ping-pong), "epilogue", "stream_k", "cluster_k",
// "split_pass", "swap_ab", "mma_lag", "persistent", "raster", "swizzle", "bk", "defer_store",
// "pdl" (with its prefetch before the wait), "fixed"; types are not compared.
std::vector<std::string> changed_fields(const KernelSpec& a, const KernelSpec& b);

// How well `s` suits `p` on `device`, higher is better; a rough prior, not a time estimate.
double shape_score(const KernelSpec& s, const Problem& p, const DeviceFacts& device);

// The default sweep's specs that fit `p`, best shape_score first (ties keep sweep order).
std::vector<KernelSpec> ranked_sweep(const Problem& p, const DeviceFacts& device);

// Where 128x128 tiles do not fill one wave and K >= kSplitSeedMinK: the two best-ranked sweep
// specs with a reduction pass and the two with cluster split-K; empty elsewhere. They win on
// such shapes (h200_oracle100_*), but came after the heuristic pick's ~30 local moves, past a
// budget of 32, so two budget-32 tunings of the grid never measured one
// (bench/results/h200/h200_grid_b32_s13.md). With seeds, a tuning of the 285 such grid shapes
// picked them on 138 (h200_split_seeds_eval_tn.md); shorter K was not evaluated.
inline constexpr int64_t kSplitSeedMinK = 2048;

// Fitted specs among the first proposals: off the grid they ran 1.10-1.31x faster than the
// sweep's best on seven of nine middle shapes (bench/results/h200/h200_fitted_tiles_tn.md), but
// no local move from a sweep spec reaches their widths and clusters.
inline constexpr size_t kFittedSeeds = 12;
// Swap-AB tiles over M up to 2 x 192 wide (spec/fitted.hpp): 0.99x of cuBLASLt-autotune on
// 2124x4544x11208 against the rest of the space's 0.95x (h200_swap_split_n_s30.md).
inline constexpr size_t kWideSwapSeeds = 2;
std::vector<KernelSpec> split_seeds(const Problem& p, const DeviceFacts& device);

// The persistent cooperative 128x256x128 two-stage tile with the deferred store, in p's types,
// where 128x256x128 tiles divide M, N and K whole, fill two waves, and kDeferSeedMinK <= K <=
// kDeferSeedMaxK (and it is valid for p); nullopt elsewhere. Why a seed: this tile, in one raster
// or another, won 71 H200 table entries by at least 1% against tuned picks, mostly ping-pong ones
// four fields away, which no single local move reaches (h200_coop_defer_*_s47, *_s48). Why whole
// tiles: all those wins are whole-tile shapes, and on 142 off-grid shapes it ran at 0.84 of the
// tuned picks' speed (h200_defer_seed_offgrid_s48). With K <= 256 it ran at 0.83-0.90
// (h200_coop_defer_lowmid_s47).
inline constexpr const char* kDeferSeed =
    "sm90_f16f32_tn_128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0_defer";
inline constexpr int64_t kDeferSeedMinK = 512;
inline constexpr int64_t kDeferSeedMaxK = 16384;
std::optional<KernelSpec> defer_seed(const Problem& p, const DeviceFacts& device);

// The best (fastest ok, in timing `mode`) spec of each of the `max_shapes` finished shapes
// nearest to `p` on `gpu_name` with p's dtype, acc and layout, nearest first; `p` itself
// excluded. Specs whose names no longer parse are skipped.
std::vector<KernelSpec> nearest_done_specs(const ExperienceStore& store,
                                           const std::string& gpu_name, const Problem& p,
                                           size_t max_shapes = 3,
                                           const std::string& mode = "kernel");

}  // namespace autogemm::tune
