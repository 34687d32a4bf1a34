#include "tune/proposer.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "spec/enumerate.hpp"
#include "spec/fitted.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/dispatch.hpp"
#include "tune/policy.hpp"
#include "tune/store.hpp"

namespace autogemm::tune {
namespace {

bool fits(const KernelSpec& s, const Problem& p) {
  return !validate(s) && !validate_problem(s, p);
}

// Collects candidates in order, dropping unfit, tried and repeated specs, up to `count`.
class Collector {
 public:
  Collector(const ProposalContext& ctx, size_t count) : ctx_(ctx), count_(count) {}
  void add(const KernelSpec& s) {
    if (full() || !fits(s, ctx_.problem)) return;
    if (std::find(ctx_.tried.begin(), ctx_.tried.end(), s) != ctx_.tried.end()) return;
    if (std::find(out_.begin(), out_.end(), s) != out_.end()) return;
    out_.push_back(s);
  }
  bool full() const { return out_.size() >= count_; }
  std::vector<KernelSpec> take() { return std::move(out_); }

 private:
  const ProposalContext& ctx_;
  size_t count_;
  std::vector<KernelSpec> out_;
};

int64_t ceil_div(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

}  // namespace

std::vector<std::string> changed_fields(const KernelSpec& a, const KernelSpec& b) {
  std::vector<std::string> out;
  auto diff = [&](bool differs, const char* name) {
    if (differs) out.emplace_back(name);
  };
  diff(a.bm != b.bm, "bm");
  diff(a.bn != b.bn, "bn");
  diff(a.bk != b.bk, "bk");
  // A bk change that keeps the ring's bytes (stages x bk) is a change of bk alone, and row blocks
  // staged in other parts with the stage their staging frees or takes, of the epilogue alone.
  diff(a.bk == b.bk ? a.stages != b.stages && a.epilogue_parts == b.epilogue_parts
                    : a.stages * a.bk != b.stages * b.bk,
       "stages");
  diff(a.cluster_m != b.cluster_m || a.cluster_n != b.cluster_n, "cluster");
  diff(a.consumers != b.consumers || a.pingpong != b.pingpong || a.split_n != b.split_n,
       "warpgroups");
  diff(a.epilogue != b.epilogue || a.epilogue_parts != b.epilogue_parts, "epilogue");
  diff(a.stream_k != b.stream_k || a.sk_splits != b.sk_splits, "stream_k");
  diff(a.cluster_k != b.cluster_k, "cluster_k");
  diff(a.split_pass != b.split_pass || a.split_piece_major != b.split_piece_major ||
           a.split_last != b.split_last,
       "split_pass");
  diff(a.swap_ab != b.swap_ab, "swap_ab");
  diff(a.mma_lag != b.mma_lag || a.acc_sets != b.acc_sets, "mma_lag");
  diff(a.persistent != b.persistent, "persistent");
  diff(a.raster != b.raster, "raster");
  diff(a.swizzle != b.swizzle, "swizzle");
  diff(a.defer_store != b.defer_store, "defer_store");
  diff(a.pdl != b.pdl || a.pdl_prefetch != b.pdl_prefetch || a.sm_placed != b.sm_placed, "pdl");
  diff(a.fixed != b.fixed, "fixed");
  return out;
}

std::vector<KernelSpec> local_moves(const KernelSpec& from, const Problem& p) {
  std::vector<KernelSpec> out;
  auto try_move = [&](auto&& change) {
    KernelSpec s = without_broken_placement([&] {
      KernelSpec c = from;
      change(c);
      return c;
    }());
    if (s == from || !fits(s, p)) return;
    if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  };
  // A split-pass pick's moves come first, in this order:
  // - its neighbour-order launches: one-CTA clusters, pieces major, the two orders whose
  //   neighbours share an operand tile, placed by SM under PDL, so that those neighbours run side
  //   by side (21 of the H200 table's 82 split entries launched so plainly, 1.01-1.13x per
  //   replacement, h200_split_launch_s52; 43 of 84 then placed by SM, 1.048x on those,
  //   h200_smid_s53); several fields at once, since one at a time each reads slower (their plain
  //   launches are one launch move away);
  // - its other launch order: per shape that moves a pick by -20% to +10%, with no rule that
  //   predicts which (h200_split_order_s23.md), so the tuner measures both (the cost model does
  //   not see the order);
  // - who sums the pieces: the reduction pass, or each tile's last piece (one launch, the last
  //   piece's reads on its own SM), which pays depending on the tile's partial and the call's
  //   length.
  if (from.split_pass > 1) {
    for (const KernelSpec& placed : neighbour_order_launches(from))
      try_move([&](KernelSpec& s) { s = placed; });
    try_move([](KernelSpec& s) { s.split_piece_major = !s.split_piece_major; });
    try_move([](KernelSpec& s) { s.split_last = !s.split_last; });
  }
  // Then the cheapest to judge: pipeline depth and the epilogue rarely break a good tile.
  for (int d : {+1, -1}) try_move([&](KernelSpec& s) { s.stages += d; });
  for (Epilogue e : {Epilogue::tma, Epilogue::tma_tile, Epilogue::tma_rows, Epilogue::direct})
    try_move([&](KernelSpec& s) {
      s.epilogue = e;
      s.epilogue_parts = 1;
    });
  // Row blocks staged in parts free shared memory for a stage: both moves at once, since the
  // parts alone only cost waits.
  if (from.epilogue == Epilogue::tma_rows)
    for (int parts : {1, 2, 3, 4})
      try_move([&](KernelSpec& s) {
        if (s.epilogue_parts == parts) return;
        s.stages += s.epilogue_parts < parts ? 1 : -1;
        s.epilogue_parts = parts;
      });
  // The deferred store: a cooperative tile's C stored under the next tile's first MMAs instead of
  // after its own (with the double-buffered epilogue -2.7% to +2.4% per large shape, +0.5% over
  // them, -0.9% on short K; h200_energy_ceiling_s46 section 10): per shape, so the tuner times
  // it. Validity keeps it to the TMA epilogues that can hold it; a grid of one tile per CTA has
  // no next tile to hide it under.
  if (from.persistent) try_move([](KernelSpec& s) { s.defer_store = !s.defer_store; });
  // 4x1: the cluster of two reduction-pass sweep specs (h200_cluster4_split2_tn), one move from
  // the 2x1 ones.
  for (auto [cm, cn] : {std::pair{1, 1}, std::pair{2, 1}, std::pair{1, 2}, std::pair{4, 1}})
    try_move([&](KernelSpec& s) {
      s.cluster_m = cm;
      s.cluster_n = cn;
    });
  try_move([](KernelSpec& s) {
    s.stream_k = !s.stream_k;
    s.sk_splits = 0;
  });
  for (int splits : {0, 2, 4, 8, 12})  // stream-K pieces per tile (0: every SM)
    try_move([&](KernelSpec& s) {
      if (s.stream_k) s.sk_splits = splits;
    });
  // bk 128 halves the barriers and TMA issues per K; a stage costs twice the shared memory.
  // The ring keeps its bytes (half the stages), so the move is one field, bk. bk 32 (64-byte
  // swizzle) halves a stage instead: twice the stages in the same bytes. (Past 16 stages the
  // move breaks a rule and is dropped.)
  try_move([](KernelSpec& s) {
    set_bk_keeping_ring(s, s.bk == 64 ? 128 : s.bk == 128 ? 64 : s.bk);
  });
  try_move([](KernelSpec& s) { set_bk_keeping_ring(s, s.bk == 64 ? 32 : s.bk == 32 ? 64 : s.bk); });
  for (int bm : {64, 128, 192, 256}) try_move([&](KernelSpec& s) { s.bm = bm; });
  for (int bn : {8, 16, 32, 48, 64, 96, 128, 160, 192, 224, 256})
    try_move([&](KernelSpec& s) { s.bn = bn; });
  for (auto [consumers, pingpong] :
       {std::pair{1, false}, std::pair{2, false}, std::pair{2, true}, std::pair{3, false}})
    try_move([&](KernelSpec& s) {
      s.consumers = consumers;
      s.pingpong = pingpong;
      s.split_n = false;
    });
  // A 192-row tile's warpgroups: three over its rows, or two over its columns (split N). Only
  // this move turns split N on: elsewhere it repeats the cooperative split of rows in the cost
  // model's features (it has none for split N) and measured slower (h200_split_n_s26.md); the
  // other moves keep it (a bm move from 192 may leave a split-N tile of 64, 128 or 256 rows).
  try_move([](KernelSpec& s) {
    if (s.bm != 192 || s.pingpong) return;
    s.split_n = s.consumers == 3;
    s.consumers = s.split_n ? 2 : 3;
  });
  for (int lag : {0, 1, 2}) try_move([&](KernelSpec& s) { s.mma_lag = lag; });
  try_move([](KernelSpec& s) { s = other_launch(s); });  // PDL lost on one decode tile
  // The problem's shape compiled in (or taken out again): constant tile and k-block counts.
  try_move([&](KernelSpec& s) { s.fixed = s.has_fixed_shape() ? Shape{} : p.shape; });
  for (int sets : {1, 2, 4})  // independent accumulator chains (small tiles)
    try_move([&](KernelSpec& s) { s.acc_sets = sets; });
  // Swap-AB pays only where M is small enough to sit on the MMA's N; switching it off is
  // always worth a look.
  if (from.swap_ab || p.shape.m <= 256) try_move([](KernelSpec& s) { s.swap_ab = !s.swap_ab; });
  try_move([](KernelSpec& s) { s.persistent = !s.persistent; });
  // Cluster split-K: a tile's k-blocks over 2-16 CTAs of a cluster. One field, so it applies
  // only to specs that already meet its rules (one tile per cluster, direct stores, ...):
  // other moves lead there.
  for (int ck : {1, 2, 4, 8, 16}) try_move([&](KernelSpec& s) { s.cluster_k = ck; });
  // Split-K with a reduction pass (the same rules: one piece per CTA, direct stores).
  // Three and seven: the piece counts of the 4x1 sweep specs (whether their clusters fit in one
  // wave depends on the shape).
  for (int pieces : {1, 2, 3, 4, 7, 8})
    try_move([&](KernelSpec& s) {
      s.split_pass = pieces;
      s.split_piece_major = s.split_piece_major && pieces > 1;
      s.split_last = s.split_last && pieces > 1;
    });
  try_move([](KernelSpec& s) { s.raster = s.raster == Raster::m ? Raster::n : Raster::m; });
  for (int sw : {1, 4, 8, 16}) try_move([&](KernelSpec& s) { s.swizzle = sw; });
  return out;
}

double shape_score(const KernelSpec& s, const Problem& p, const DeviceFacts& device) {
  // With swap-AB the kernel computes Cᵀ: its tile's M runs along N and its N along M.
  const int64_t rows = s.swap_ab ? p.shape.n : p.shape.m;
  const int64_t cols = s.swap_ab ? p.shape.m : p.shape.n;
  const int64_t tiles = ceil_div(rows, s.bm) * ceil_div(cols, s.bn);
  const int64_t sms = std::max(1, device.sm_count);
  // Fraction of SM slots busy over all waves. Stream-K splits tiles along K, so its units are
  // k-blocks; the 0.9 is its fix-up cost (partial tiles through a workspace). Cluster split-K
  // launches cluster_k CTAs per tile, split-K with a reduction pass split_pass.
  const int64_t units =
      s.stream_k ? tiles * ceil_div(p.shape.k, s.bk) : tiles * s.cluster_k * s.split_pass;
  const double wave_fill = s.stream_k ? 0.9 * std::min(1.0, double(units) / double(sms))
                                      : double(units) / double(ceil_div(units, sms) * sms);
  // Fraction of computed tile area that lands inside C.
  const double padding_use = double(rows * cols) / double(tiles * s.bm * s.bn);
  // Larger tiles reuse each loaded byte more; mild, so it decides only among equals.
  const double reuse = std::pow(double(s.bm * s.bn) / (128.0 * 256.0), 0.15);
  return wave_fill * padding_use * reuse;
}

std::vector<KernelSpec> ranked_sweep(const Problem& p, const DeviceFacts& device) {
  std::vector<std::pair<double, KernelSpec>> scored;
  for (const KernelSpec& s : default_sweep(p.dtype, p.acc, p.layout))
    if (fits(s, p)) scored.emplace_back(shape_score(s, p, device), s);
  std::stable_sort(scored.begin(), scored.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });
  std::vector<KernelSpec> out;
  for (auto& [score, s] : scored) out.push_back(s);
  return out;
}

std::vector<KernelSpec> split_seeds(const Problem& p, const DeviceFacts& device) {
  const int64_t tiles = ceil_div(p.shape.m, 128) * ceil_div(p.shape.n, 128);
  if (tiles >= std::max(1, device.sm_count) || p.shape.k < kSplitSeedMinK) return {};
  std::vector<KernelSpec> out;
  int pass = 0, cluster = 0;
  for (const KernelSpec& s : ranked_sweep(p, device)) {
    if (s.split_pass > 1 && pass < 2) {
      out.push_back(s);
      ++pass;
    } else if (s.cluster_k > 1 && cluster < 2) {
      out.push_back(s);
      ++cluster;
    }
  }
  return out;
}

std::optional<KernelSpec> defer_seed(const Problem& p, const DeviceFacts& device) {
  const Shape& s = p.shape;
  if (s.m % 128 != 0 || s.n % 256 != 0 || s.k % 128 != 0) return std::nullopt;  // whole tiles
  if (s.k < kDeferSeedMinK || s.k > kDeferSeedMaxK ||
      (s.m / 128) * (s.n / 256) < 2 * int64_t(std::max(1, device.sm_count)))
    return std::nullopt;
  const std::optional<std::string> name = with_types_of(kDeferSeed, p);
  if (!name) return std::nullopt;
  return parse_name(*name);
}

std::optional<KernelSpec> launch_twin(const KernelSpec& s, const Problem& p) {
  const KernelSpec twin = other_launch(s);
  if (!fits(twin, p)) return std::nullopt;
  return twin;
}

std::vector<KernelSpec> leading_specs(const ProposalContext& ctx) {
  std::vector<KernelSpec> out = {heuristic_pick(ctx.problem, ctx.device).spec};
  if (ctx.incumbent)
    if (const auto twin = launch_twin(*ctx.incumbent, ctx.problem)) out.push_back(*twin);
  if (const auto seed = defer_seed(ctx.problem, ctx.device)) out.push_back(*seed);
  return out;
}

std::vector<KernelSpec> propose(const ProposalContext& ctx, size_t count) {
  Collector c(ctx, count);
  const std::vector<KernelSpec> leading = leading_specs(ctx);
  const KernelSpec& pick = leading.front();
  for (const KernelSpec& s : leading) c.add(s);
  if (ctx.policy)
    for (const KernelSpec& s : ctx.policy->top_choices(ctx.problem, ctx.policy_choices, ctx.device))
      c.add(s);
  for (const KernelSpec& s : ctx.neighbours) c.add(s);
  for (const KernelSpec& s : split_seeds(ctx.problem, ctx.device)) c.add(s);
  const std::vector<KernelSpec> fitted = fitted_specs(ctx.problem, ctx.device.sm_count);
  for (size_t i = 0; i < fitted.size() && i < kFittedSeeds; ++i) c.add(fitted[i]);
  for (const KernelSpec& s : wide_swap_specs(ctx.problem, ctx.device.sm_count, kWideSwapSeeds))
    c.add(s);
  for (const KernelSpec& s : local_moves(ctx.incumbent.value_or(pick), ctx.problem)) c.add(s);
  if (!c.full())
    for (const KernelSpec& s : ranked_sweep(ctx.problem, ctx.device)) c.add(s);
  for (const KernelSpec& s : fitted) c.add(s);
  return c.take();
}

std::vector<KernelSpec> nearest_done_specs(const ExperienceStore& store,
                                           const std::string& gpu_name, const Problem& p,
                                           size_t max_shapes, const std::string& mode) {
  auto log_distance = [&](const Shape& s) {
    auto d = [](int64_t a, int64_t b) { return std::log(double(a)) - std::log(double(b)); };
    const double dm = d(s.m, p.shape.m), dn = d(s.n, p.shape.n), dk = d(s.k, p.shape.k);
    return dm * dm + dn * dn + dk * dk;
  };
  std::vector<std::tuple<double, Shape>> near;
  for (const ShapeProgress& sp : store.shapes_done(gpu_name)) {
    const Problem& q = sp.problem;
    if (!sp.finished || q.dtype != p.dtype || q.acc != p.acc || q.layout != p.layout ||
        q.shape == p.shape)
      continue;
    near.emplace_back(log_distance(q.shape), q.shape);
  }
  std::sort(near.begin(), near.end());  // by distance, then M, N, K: deterministic
  std::vector<KernelSpec> out;
  for (const auto& [dist, shape] : near) {
    if (out.size() >= max_shapes) break;
    const auto best =
        store.best_per_problem(problem_filter(gpu_name, {shape, p.dtype, p.acc, p.layout}, mode));
    if (best.empty()) continue;
    try {
      KernelSpec s = parse_name(best.front().spec);
      s.fixed = {};  // its shape compiled in would not fit this one
      out.push_back(s);
    } catch (const Error&) {
      // A name from an older spec vocabulary: that experience no longer applies.
    }
  }
  return out;
}

}  // namespace autogemm::tune
