// The tuner's pure parts: the proposer (counts, validity, order, use of the store,
// determinism), shard/resume shape selection, and `autogemm tune` refusing bad input.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <set>

#include "spec/enumerate.hpp"
#include "spec/fitted.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/proposer.hpp"
#include "tune/screening.hpp"
#include "tune/shape_selection.hpp"
#include "tune/store.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

std::vector<Problem> sample_problems() {
  return {problem(4096, 4096, 4096),
          problem(64, 4096, 4096),
          problem(8, 8192, 8192),
          problem(1000, 1000, 1000, Layout::nn, DType::bf16),
          problem(256, 512, 384, Layout::nn),
          problem(128, 128, 8192)};
}

ProposalContext context(const Problem& p) {
  ProposalContext ctx;
  ctx.problem = p;
  return ctx;
}

TEST(TuneProposer, ExactCountOfValidDistinctSpecs) {
  for (const Problem& p : sample_problems()) {
    const ProposalContext ctx = context(p);
    const size_t available = propose(ctx, 100000).size();
    EXPECT_GE(available, 20u) << describe(p);
    for (size_t n : {size_t(1), size_t(4), size_t(8), size_t(32), available + 7}) {
      const auto specs = propose(ctx, n);
      EXPECT_EQ(specs.size(), std::min(n, available)) << describe(p) << " n=" << n;
      std::set<std::string> names;
      for (const KernelSpec& s : specs) {
        EXPECT_FALSE(validate(s)) << spec_name(s);
        EXPECT_FALSE(validate_problem(s, p)) << spec_name(s) << " on " << describe(p);
        names.insert(spec_name(s));
      }
      EXPECT_EQ(names.size(), specs.size()) << describe(p) << ": duplicates";
    }
  }
}

TEST(TuneProposer, HeuristicPickComesFirst) {
  for (const Problem& p : sample_problems()) {
    const auto specs = propose(context(p), 8);
    ASSERT_FALSE(specs.empty());
    EXPECT_EQ(specs.front(), heuristic_pick(p).spec) << describe(p);
  }
}

// Few tiles over long K: the first batch holds a reduction-pass and a cluster split-K spec,
// which the proposer otherwise offered only past a budget of 32. Many tiles or short K: no seeds.
TEST(TuneProposer, FewTileShapesGetSplitSeeds) {
  for (const Problem& p : {problem(512, 512, 16384), problem(128, 2048, 8192),
                           problem(1536, 1280, kSplitSeedMinK)}) {  // 120 tiles
    const auto seeds = split_seeds(p, DeviceFacts{});
    ASSERT_EQ(seeds.size(), 4u) << describe(p);
    EXPECT_EQ(std::count_if(seeds.begin(), seeds.end(),
                            [](const KernelSpec& s) { return s.split_pass > 1; }),
              2)
        << describe(p);
    EXPECT_EQ(std::count_if(seeds.begin(), seeds.end(),
                            [](const KernelSpec& s) { return s.cluster_k > 1; }),
              2)
        << describe(p);
    for (const KernelSpec& s : seeds) {
      EXPECT_FALSE(validate(s)) << spec_name(s);
      EXPECT_FALSE(validate_problem(s, p)) << spec_name(s) << " on " << describe(p);
    }
    const auto batch = propose(context(p), 8);
    auto has = [&](auto pred) { return std::any_of(batch.begin(), batch.end(), pred); };
    EXPECT_TRUE(has([](const KernelSpec& s) { return s.split_pass > 1; })) << describe(p);
    EXPECT_TRUE(has([](const KernelSpec& s) { return s.cluster_k > 1; })) << describe(p);
  }
  const DeviceFacts h200{};
  EXPECT_TRUE(split_seeds(problem(4096, 4096, 4096), h200).empty());
  EXPECT_TRUE(split_seeds(problem(1536, 1408, 8192), h200).empty());  // 132 tiles: one wave
  EXPECT_TRUE(split_seeds(problem(512, 512, kSplitSeedMinK - 8), h200).empty());  // short K
  EXPECT_TRUE(split_seeds(problem(512, 512, 512), h200).empty());
}

TEST(TuneProposer, TriedSpecsAreNotProposedAgain) {
  const Problem p = problem(2048, 2048, 2048);
  ProposalContext ctx = context(p);
  const auto first = propose(ctx, 8);
  ctx.tried = first;
  for (const KernelSpec& s : propose(ctx, 100000))
    EXPECT_EQ(std::find(first.begin(), first.end(), s), first.end()) << spec_name(s);
}

TEST(TuneProposer, LocalMovesChangeExactlyOneField) {
  for (const Problem& p : sample_problems()) {
    const KernelSpec from = heuristic_pick(p).spec;
    const auto moves = local_moves(from, p);
    EXPECT_GE(moves.size(), 4u) << describe(p);
    for (const KernelSpec& s : moves) {
      EXPECT_EQ(changed_fields(from, s).size(), 1u) << spec_name(from) << " -> " << spec_name(s);
      EXPECT_FALSE(validate(s)) << spec_name(s);
      EXPECT_FALSE(validate_problem(s, p)) << spec_name(s);
    }
  }
}

// A cooperative tile with a TMA epilogue has the deferred store one move away, and back; the
// row-block epilogue cannot hold it.
TEST(TuneProposer, DeferredStoreIsALocalMove) {
  const Problem p = problem(12288, 12288, 4096);
  auto has = [](const std::vector<KernelSpec>& v, const std::string& name) {
    return std::any_of(v.begin(), v.end(),
                       [&](const KernelSpec& s) { return spec_name(s) == name; });
  };
  const std::string base = "sm90_f16f32_tn_256x128x64_s4_c1x2_coop_persist_r8m_etma";
  EXPECT_TRUE(has(local_moves(parse_name(base), p), base + "_defer"));
  EXPECT_TRUE(has(local_moves(parse_name(base + "_defer"), p), base));
  // A non-persistent grid (one tile per CTA) has no next tile to store under.
  for (const KernelSpec& s :
       local_moves(parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_coop_tiles_r8m_etma"), p))
    EXPECT_FALSE(s.defer_store) << spec_name(s);
  const KernelSpec rows = parse_name("sm90_f16f32_tn_128x256x64_s3_c1x1_coop_persist_r8m_etmar");
  for (const KernelSpec& s : local_moves(rows, p)) {
    if (s.epilogue == Epilogue::tma_rows) {
      EXPECT_FALSE(s.defer_store) << spec_name(s);
    }
  }
}

// Row blocks in parts are one move from the whole staging, with the stage they free: 256x144
// swap-AB at three stages whole and at four in halves, each a move of the epilogue from the other.
TEST(TuneProposer, RowBlockPartsMoveWithTheirStage) {
  const Problem p = problem(9210, 504, 1880);
  const KernelSpec whole =
      parse_name("sm90_f16f32_tn_256x144x64_s3_c1x2_coop_persist_r8m_etmar_swap");
  const KernelSpec halves =
      parse_name("sm90_f16f32_tn_256x144x64_s4_c1x2_coop_persist_r8m_etmar2_swap");
  auto has = [](const std::vector<KernelSpec>& v, const KernelSpec& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  EXPECT_TRUE(has(local_moves(whole, p), halves));
  EXPECT_TRUE(has(local_moves(halves, p), whole));
  EXPECT_EQ(changed_fields(whole, halves), std::vector<std::string>{"epilogue"});
  // Another epilogue drops the parts.
  for (const KernelSpec& s : local_moves(halves, p))
    EXPECT_TRUE(s.epilogue == Epilogue::tma_rows || s.epilogue_parts == 1) << spec_name(s);
}

// A split-pass spec's first local moves are its neighbour-order launches (one-CTA clusters, pieces
// major, r8m and r1n, placed by SM: 43 of the H200 table's 84 split entries), then its other order
// (it moves picks by -20% to +10%, no rule predicts which); other specs have none of these.
TEST(TuneProposer, SplitPassNeighbourOrdersAndOrderAreTheFirstLocalMoves) {
  const Problem p = problem(512, 512, 16384);
  for (const char* name : {"sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_tiles_r8n_skp4",
                           "sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_tiles_r8n_skp4p"}) {
    const KernelSpec from = parse_name(name);
    const auto moves = local_moves(from, p);
    ASSERT_GE(moves.size(), 4u);
    EXPECT_EQ(spec_name(moves[0]), "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p_smid");
    EXPECT_EQ(spec_name(moves[1]), "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp4p_smid");
    EXPECT_EQ(moves[2].split_piece_major, !from.split_piece_major) << name;
    EXPECT_EQ(changed_fields(from, moves[2]), std::vector<std::string>{"split_pass"});
    // Then: who sums the pieces (the pass, or each tile's last piece).
    EXPECT_EQ(moves[3].split_last, !from.split_last) << name;
    EXPECT_EQ(changed_fields(from, moves[3]), std::vector<std::string>{"split_pass"});
  }
  // From a placed pick, the moves that break placement's rule keep their edit, plainly placed.
  const KernelSpec placed = parse_name("sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p_smid");
  const auto from_placed = local_moves(placed, p);
  for (const KernelSpec& s : from_placed) EXPECT_FALSE(validate(s)) << spec_name(s);
  EXPECT_NE(std::find_if(from_placed.begin(), from_placed.end(),
                         [](const KernelSpec& s) { return s.split_last && !s.sm_placed; }),
            from_placed.end());
  const KernelSpec whole = parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m_etma");
  for (const KernelSpec& s : local_moves(whole, p)) {
    EXPECT_FALSE(s.split_piece_major) << spec_name(s);
    EXPECT_FALSE(s.split_last) << spec_name(s);
  }
  // Moving to one piece drops the last piece's sum with the pass (a move that kept it would be
  // invalid and left out, so the one-piece move must be there).
  const KernelSpec last = parse_name("sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_tiles_r8m_skp4l");
  const auto from_last = local_moves(last, p);
  const auto one = std::find_if(from_last.begin(), from_last.end(),
                                [](const KernelSpec& s) { return s.split_pass == 1; });
  ASSERT_NE(one, from_last.end());
  EXPECT_FALSE(one->split_last) << spec_name(*one);
}

// The prefetch before the PDL wait belongs to the pdl field group: a pf spec's PDL move drops it
// (a prefetch without PDL is invalid), and a spec and its pf twin differ in "pdl" alone.
TEST(TuneProposer, PdlPrefetchMovesWithPdl) {
  const Problem p = problem(8, 13824, 5120);
  const KernelSpec pf = parse_name("sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4");
  const KernelSpec plain = parse_name("sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap");
  EXPECT_EQ(changed_fields(plain, pf), std::vector<std::string>{"pdl"});
  const KernelSpec nopdl =
      parse_name("sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_nopdl");
  const auto moves = local_moves(pf, p);
  EXPECT_NE(std::find(moves.begin(), moves.end(), nopdl), moves.end());
  for (const KernelSpec& s : moves) EXPECT_TRUE(s.pdl || s.pdl_prefetch == 0) << spec_name(s);
}

// The incumbent's launch twin (PDL flipped, the prefetch dropped with PDL) comes right after the
// heuristic's pick, whichever way the incumbent launches, unless it was measured already.
TEST(TuneProposer, TheIncumbentsLaunchTwinComesAfterThePick) {
  const Problem p = problem(8, 13824, 5120);
  const KernelSpec pf = parse_name("sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4");
  const KernelSpec nopdl =
      parse_name("sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_nopdl");
  const KernelSpec pdl = parse_name("sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap");
  EXPECT_EQ(launch_twin(pf, p), nopdl);
  EXPECT_EQ(launch_twin(nopdl, p), pdl);
  EXPECT_FALSE(launch_twin(pdl, problem(4096, 4096, 4096)).has_value());  // swap-AB 16 wide
  ProposalContext ctx = context(p);
  ctx.incumbent = pf;
  ctx.tried = {pf};
  auto specs = propose(ctx, 8);
  ASSERT_GE(specs.size(), 2u);
  EXPECT_EQ(specs[0], heuristic_pick(p).spec);
  EXPECT_EQ(specs[1], nopdl);
  ctx.tried.push_back(nopdl);
  specs = propose(ctx, 8);
  EXPECT_EQ(std::find(specs.begin(), specs.end(), nopdl), specs.end());
}

// A 192-row tile's warpgroups move between three over its rows and two over its columns (split
// N), and only there: split N on other tiles is never proposed.
TEST(TuneProposer, SplitNIsALocalMoveOf192RowTiles) {
  const Problem p = problem(1152, 12288, 4096);
  const KernelSpec wg3 = parse_name("sm90_f16f32_tn_192x192x64_s3_c1x1_wg3_persist_r8m_etmar");
  const KernelSpec coopn = parse_name("sm90_f16f32_tn_192x192x64_s3_c1x1_coopn_persist_r8m_etmar");
  auto has = [](const std::vector<KernelSpec>& v, const KernelSpec& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  EXPECT_TRUE(has(local_moves(wg3, p), coopn));
  EXPECT_TRUE(has(local_moves(coopn, p), wg3));
  EXPECT_EQ(changed_fields(wg3, coopn), std::vector<std::string>{"warpgroups"});
  const KernelSpec coop = parse_name("sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma");
  for (const KernelSpec& s : local_moves(coop, p)) EXPECT_FALSE(s.split_n) << spec_name(s);
}

// One local move compiles the problem's shape in; from a spec with a shape compiled in, the
// moves keep it (they fit only that shape) and one takes it out. A neighbour's winner with its
// own shape compiled in transfers without it.
TEST(TuneProposer, CompiledInShapeIsALocalMove) {
  const Problem p = problem(2048, 2048, 512);
  const KernelSpec from = heuristic_pick(p).spec;
  const auto moves = local_moves(from, p);
  const auto fixed = std::find_if(moves.begin(), moves.end(),
                                  [](const KernelSpec& s) { return s.has_fixed_shape(); });
  ASSERT_NE(fixed, moves.end());
  EXPECT_EQ(fixed->fixed, p.shape);
  EXPECT_EQ(changed_fields(from, *fixed), std::vector<std::string>{"fixed"});
  const auto back = local_moves(*fixed, p);
  EXPECT_NE(std::find(back.begin(), back.end(), from), back.end());
  for (const KernelSpec& s : back) {
    if (s != from) {
      EXPECT_EQ(s.fixed, p.shape) << spec_name(s);
    }
  }

  ScratchDir dir;
  auto store = ExperienceStore::open((dir / "s.sqlite").string());
  const Problem near = problem(2048, 2048, 1024);
  KernelSpec won = from;
  won.fixed = near.shape;
  store.record(sample_measurement(near, spec_name(won), 10.0));
  store.mark_shape_done("NVIDIA H200", near, 1);
  const auto specs = nearest_done_specs(store, "NVIDIA H200", p, 1);
  ASSERT_EQ(specs.size(), 1u);
  EXPECT_EQ(specs[0], from);
}

TEST(TuneProposer, LaterBatchesSearchAroundTheIncumbent) {
  const Problem p = problem(4096, 4096, 4096);
  ProposalContext ctx = context(p);
  ctx.tried = propose(ctx, 8);
  ctx.incumbent = parse_name(kSpecB);  // pretend a measured winner
  ctx.tried.push_back(*ctx.incumbent);
  ctx.tried.push_back(heuristic_pick(p).spec);
  // Once the fitted and wide swap-AB seeds are measured too (the first batches), only local moves
  // remain first.
  const auto fitted = fitted_specs(p, ctx.device.sm_count);
  ASSERT_GE(fitted.size(), kFittedSeeds);
  ctx.tried.insert(ctx.tried.end(), fitted.begin(), fitted.begin() + kFittedSeeds);
  for (const KernelSpec& s : wide_swap_specs(p, ctx.device.sm_count, kWideSwapSeeds))
    ctx.tried.push_back(s);
  const auto next = propose(ctx, 6);
  ASSERT_EQ(next.size(), 6u);
  for (const KernelSpec& s : next)
    EXPECT_EQ(changed_fields(*ctx.incumbent, s).size(), 1u) << spec_name(s);
}

TEST(TuneProposer, FittedSeedsComeInTheFirstProposals) {
  // 146x12584x1536: the sweep's tiles pad M = 146 to 192 or 256 rows; the fitted swap-AB 80-wide
  // tiles are among the first proposals (the first batches of a budget-32 tuning).
  const Problem p = problem(146, 12584, 1536);
  const ProposalContext ctx = context(p);
  const auto first = propose(ctx, 24);
  const auto fitted = fitted_specs(p, ctx.device.sm_count);
  for (size_t i = 0; i < kFittedSeeds; ++i)
    EXPECT_NE(std::find(first.begin(), first.end(), fitted[i]), first.end())
        << spec_name(fitted[i]);
}

// 2124x4544x11208: the two best-fitted swap-AB split-N tiles (128x304 first: M in 7 whole tiles)
// come right after the fitted seeds, within a budget-32 tuning's proposals.
TEST(TuneProposer, WideSwapSeedsComeAfterTheFittedOnes) {
  const Problem p = problem(2124, 4544, 11208);
  const ProposalContext ctx = context(p);
  const auto first = propose(ctx, 32);
  const auto wide = wide_swap_specs(p, ctx.device.sm_count, kWideSwapSeeds);
  ASSERT_EQ(wide.size(), kWideSwapSeeds);
  EXPECT_EQ(spec_name(wide[0]), "sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap");
  for (const KernelSpec& s : wide)
    EXPECT_NE(std::find(first.begin(), first.end(), s), first.end()) << spec_name(s);
}

// Two waves of whole 128x256x128 tiles and K in 512..16384: the deferred-store tile, in the
// problem's types, among a budget-32 tuning's first proposals; not with K = 256, 20480, one wave,
// or a partial tile in M, N or K.
TEST(TuneProposer, ShortKWideShapesGetTheDeferredStoreSeed) {
  const Problem p = problem(4096, 16384, 2048);
  const auto seed = defer_seed(p, DeviceFacts{});
  ASSERT_TRUE(seed);
  EXPECT_EQ(spec_name(*seed), kDeferSeed);
  // It leads, after the heuristic's pick, and a scorer cannot drop it.
  const std::vector<KernelSpec> leading = leading_specs(context(p));
  ASSERT_EQ(leading.size(), 2u);
  EXPECT_EQ(leading[1], *seed);
  EXPECT_EQ(propose(context(p), 8)[1], *seed);
  const SpecScorer against = [](const Problem&, const std::vector<KernelSpec>& pool,
                                const DeviceFacts&) {
    std::vector<double> scores;
    for (const KernelSpec& s : pool) scores.push_back(s.defer_store ? -1.0 : 1.0);
    return scores;
  };
  const auto screened = propose_screened(context(p), 4, against, 8);
  EXPECT_NE(std::find(screened.begin(), screened.end(), *seed), screened.end());
  // Once tried, it is not proposed again.
  ProposalContext tried = context(p);
  tried.tried = {*seed};
  const auto later = propose(tried, 32);
  EXPECT_EQ(std::find(later.begin(), later.end(), *seed), later.end());
  const auto bf16 = defer_seed(problem(4096, 16384, 2048, Layout::nn, DType::bf16), DeviceFacts{});
  ASSERT_TRUE(bf16);
  EXPECT_EQ(spec_name(*bf16),
            "sm90_bf16f32_nn_128x256x128_s2_c1x1_coop_persist_r8m_etma_lag0_defer");
  // K from 8192 to 16384 (where the family won 12 large entries) gets it too.
  for (const Problem& q : {problem(4096, 16384, 12288), problem(4096, 16384, 16384)})
    EXPECT_TRUE(defer_seed(q, DeviceFacts{})) << describe(q);
  for (const Problem& q :
       {problem(4096, 16384, 256), problem(4096, 16384, 20480), problem(2048, 4096, 2048),
        problem(4000, 16384, 2048), problem(4096, 16000, 2048), problem(4096, 16384, 2000)})
    EXPECT_FALSE(defer_seed(q, DeviceFacts{})) << describe(q);
}

TEST(TuneProposer, UsesTheNearestDoneShapesBestSpec) {
  ScratchDir dir;
  auto store = ExperienceStore::open((dir / "s.sqlite").string());
  const Problem near = problem(4096, 4096, 4096), far = problem(64, 64, 64);
  // On the near shape, a sweep spec that is not the heuristic's pick wins.
  const Problem target = problem(4096, 4096, 3072);
  KernelSpec winner;
  for (const KernelSpec& s : ranked_sweep(target, {}))
    if (s != heuristic_pick(target).spec) winner = s;
  store.record(sample_measurement(near, spec_name(winner), 100.0));
  store.record(sample_measurement(near, kSpecA, 150.0));
  store.mark_shape_done("NVIDIA H200", near, 4);
  store.record(sample_measurement(far, kSpecB, 5.0));
  store.mark_shape_done("NVIDIA H200", far, 4);
  // Unfinished shapes teach nothing yet.
  store.record(sample_measurement(problem(4096, 4096, 3584), kSpecB, 1.0));
  store.mark_shape_done("NVIDIA H200", problem(4096, 4096, 3584), 4, false);

  const auto specs = nearest_done_specs(store, "NVIDIA H200", target, 3);
  ASSERT_EQ(specs.size(), 2u);
  EXPECT_EQ(specs[0], winner);
  EXPECT_EQ(specs[1], parse_name(kSpecB));
  EXPECT_TRUE(nearest_done_specs(store, "other GPU", target).empty());
  EXPECT_TRUE(
      nearest_done_specs(store, "NVIDIA H200", problem(4096, 4096, 3072, Layout::nn)).empty());

  ProposalContext ctx = context(target);
  ctx.neighbours = specs;
  const auto proposed = propose(ctx, 8);
  ASSERT_GE(proposed.size(), 3u);
  EXPECT_EQ(proposed[0], heuristic_pick(target).spec);
  // After the leading specs (here the pick and the deferred-store seed), the neighbour's winner.
  const size_t lead = leading_specs(ctx).size();
  ASSERT_EQ(lead, 2u);
  EXPECT_EQ(proposed[lead], winner);
  EXPECT_EQ(nearest_done_specs(store, "NVIDIA H200", target, 3), specs);  // deterministic
}

TEST(TuneProposer, Deterministic) {
  for (const Problem& p : sample_problems()) {
    ProposalContext ctx = context(p);
    ctx.incumbent = propose(ctx, 3).back();
    EXPECT_EQ(propose(ctx, 40), propose(ctx, 40)) << describe(p);
  }
}

TEST(TuneProposer, SmallShapesRankSmallTilesFirst) {
  const auto small = ranked_sweep(problem(256, 256, 256), {});
  const auto large = ranked_sweep(problem(8192, 8192, 8192), {});
  ASSERT_FALSE(small.empty());
  ASSERT_FALSE(large.empty());
  EXPECT_LT(small.front().bm * small.front().bn, large.front().bm * large.front().bn);
}

// Cluster split-K's wave fill counts its CTAs (cluster_k per tile), not its tiles: on 512x64x16384
// (8 tiles of 64x64) eight pieces fill 64 of 132 SMs, two pieces 16; past the SMs, a second wave.
TEST(TuneProposer, ClusterSplitKFillCountsItsCtas) {
  const Problem p = problem(512, 64, 16384);
  KernelSpec s = parse_name("sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck8");
  const double ck8 = shape_score(s, p, DeviceFacts{132});
  s.cluster_k = 2;
  const double ck2 = shape_score(s, p, DeviceFacts{132});
  EXPECT_NEAR(ck8 / ck2, 4.0, 1e-9);
  EXPECT_NEAR(shape_score(s, p, DeviceFacts{12}) / shape_score(s, p, DeviceFacts{16}),
              (16.0 / 24.0) / 1.0, 1e-9);  // 16 CTAs: a full wave of 16, or 16 of 24 slots
}

TEST(TuneShapes, ParseShard) {
  EXPECT_EQ(parse_shard("0/1").index, 0);
  EXPECT_EQ(parse_shard("2/4").index, 2);
  EXPECT_EQ(parse_shard("2/4").count, 4);
  for (const char* bad : {"3/2", "2/2", "-1/2", "1/0", "1", "a/b", "1/2/3", "", "1/", "/2"})
    EXPECT_THROW(parse_shard(bad), Error) << bad;
}

TEST(TuneShapes, ShardAndResumeSelection) {
  EXPECT_EQ(select_shapes(10, {1, 3}), (std::vector<size_t>{1, 4, 7}));
  EXPECT_EQ(select_shapes(3, {0, 1}), (std::vector<size_t>{0, 1, 2}));
  EXPECT_TRUE(select_shapes(2, {3, 4}).empty());
  auto done = [](size_t i) { return i == 4 || i == 0; };
  EXPECT_EQ(select_shapes(10, {1, 3}, done), (std::vector<size_t>{1, 7}));
  EXPECT_EQ(select_shapes(5, {0, 1}, done), (std::vector<size_t>{1, 2, 3}));
  // The shards of a list cover it exactly once.
  std::vector<size_t> all;
  for (int i = 0; i < 4; ++i)
    for (size_t j : select_shapes(11, {i, 4})) all.push_back(j);
  std::sort(all.begin(), all.end());
  EXPECT_EQ(all.size(), 11u);
  for (size_t j = 0; j < all.size(); ++j) EXPECT_EQ(all[j], j);
}

// `autogemm tune` with bad flags: exit 2, one line naming the problem, nothing run.
int run_tune_cli(const std::string& args, std::string& output) {
  const std::string cmd = std::string(AUTOGEMM_BINARY) + " tune " + args + " 2>&1";
  FILE* pipe = popen(cmd.c_str(), "r");
  if (!pipe) return -1;
  std::array<char, 4096> buf;
  while (size_t n = fread(buf.data(), 1, buf.size(), pipe)) output.append(buf.data(), n);
  const int status = pclose(pipe);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

TEST(TuneCliInput, BadInputExitsTwo) {
  ScratchDir dir;
  const std::string store = (dir / "s.sqlite").string();
  const std::pair<std::string, std::string> cases[] = {
      {"--mnk 128_128_128 --budget 4", "--store"},
      {"--mnk 128_128_128 --budget 0 --store " + store, "--budget"},
      {"--mnk 128_128_128 --budget 4 --shard 3/2 --store " + store, "shard"},
      {"--mnk 128_128_128 --budget 4 --shard x --store " + store, "shard"},
      {"--mnk 128_128_128 --dtype fp8 --store " + store, "--dtype"},
      {"--mnk 128_128_128 --layout tt --store " + store, "--layout"},
      {"--budget 4 --store " + store, "no shapes"},
      {"--mnk 12x --store " + store, "12x"},
  };
  for (const auto& [args, expected] : cases) {
    std::string out;
    EXPECT_EQ(run_tune_cli(args, out), 2) << args << "\n" << out;
    EXPECT_NE(out.find("autogemm: error: "), std::string::npos) << out;
    EXPECT_NE(out.find(expected), std::string::npos) << args << "\n" << out;
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << out;
  }
  EXPECT_FALSE(std::filesystem::exists(store)) << "bad input must not create the store";
}

}  // namespace
