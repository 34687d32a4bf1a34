// Screening proposals with a scorer (the tuner's use of the cost model), as pure logic: which
// specs a batch measures, in which order, with and without a scorer. No GPU, no XGBoost.
#include <gtest/gtest.h>

#include <set>

#include "spec/name.hpp"
#include "tune/screening.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

KernelSpec spec_with(int bm, int bn) {
  KernelSpec s;
  s.bm = bm;
  s.bn = bn;
  return s;
}

TEST(TuneScreening, KeepsThePinnedSpecThenBestScores) {
  const std::vector<KernelSpec> pool = {spec_with(64, 64), spec_with(128, 128), spec_with(128, 256),
                                        spec_with(256, 128), spec_with(64, 128)};
  const std::vector<double> scores = {0.1, 0.9, -1.0, 0.9, 0.5};
  // Ties (0.9, 0.9) keep pool order.
  EXPECT_EQ(screen(pool, scores, 3, {}), (std::vector<KernelSpec>{pool[1], pool[3], pool[4]}));
  EXPECT_EQ(screen(pool, scores, 3, {pool[2]}),
            (std::vector<KernelSpec>{pool[2], pool[1], pool[3]}));
  // Several pinned: in their own order, before the scores.
  EXPECT_EQ(screen(pool, scores, 3, {pool[2], pool[0]}),
            (std::vector<KernelSpec>{pool[2], pool[0], pool[1]}));
  // A pinned spec the pool does not hold takes no place.
  EXPECT_EQ(screen(pool, scores, 2, {spec_with(192, 192)}),
            (std::vector<KernelSpec>{pool[1], pool[3]}));
  EXPECT_EQ(screen(pool, scores, 10, {}).size(), pool.size());
  EXPECT_TRUE(screen(pool, scores, 0, {pool[0]}).empty());
  EXPECT_THROW(screen(pool, {1.0}, 2, {}), Error);
}

// The scorer cannot tell where a grid's CTAs land: the incumbent's launch twin is measured
// whatever its score, right after the heuristic's pick.
TEST(TuneScreening, TheIncumbentsLaunchTwinIsKeptWhateverItsScore) {
  ProposalContext ctx;
  ctx.problem = problem(512, 512, 16384);
  ctx.device.sm_count = 132;
  ctx.incumbent = parse_name("sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r4m_skp4p");
  ctx.tried = {*ctx.incumbent};
  const KernelSpec twin = parse_name("sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r4m_skp4p_nopdl");
  const SpecScorer scorer = [&](const Problem&, const std::vector<KernelSpec>& specs,
                                const DeviceFacts&) {
    std::vector<double> out;
    for (const KernelSpec& s : specs) out.push_back(s == twin ? -1e9 : double(s.bn));
    return out;
  };
  const auto batch = propose_screened(ctx, 4, scorer, 8);
  ASSERT_EQ(batch.size(), 4u);
  EXPECT_EQ(batch[0], heuristic_pick(ctx.problem, ctx.device).spec);
  EXPECT_EQ(batch[1], twin);
}

TEST(TuneScreening, WithoutAScorerTheProposerDecides) {
  ProposalContext ctx;
  ctx.problem = problem(4096, 4096, 4096);
  EXPECT_EQ(propose_screened(ctx, 8, {}, 8), propose(ctx, 8));
  int calls = 0;
  const SpecScorer scorer = [&](const Problem&, const std::vector<KernelSpec>& specs,
                                const DeviceFacts&) {
    ++calls;
    return std::vector<double>(specs.size(), 0.0);
  };
  EXPECT_EQ(propose_screened(ctx, 8, scorer, 1), propose(ctx, 8));  // factor 1: no screening
  EXPECT_EQ(calls, 0);
}

TEST(TuneScreening, MeasuresTheBestScoredOfManyProposals) {
  ProposalContext ctx;
  ctx.problem = problem(2048, 2048, 2048);
  ctx.device.sm_count = 132;
  std::vector<KernelSpec> scored;
  // Prefers narrow tiles: the opposite of the proposer's own order for a large shape.
  auto score = [](const KernelSpec& s) { return -double(s.bn) - 0.001 * s.bm; };
  const SpecScorer scorer = [&](const Problem& p, const std::vector<KernelSpec>& specs,
                                const DeviceFacts& device) {
    EXPECT_EQ(p, ctx.problem);
    EXPECT_EQ(device.sm_count, 132);
    scored = specs;
    std::vector<double> out;
    for (const KernelSpec& s : specs) out.push_back(score(s));
    return out;
  };
  const auto batch = propose_screened(ctx, 6, scorer, 8);
  EXPECT_EQ(scored, propose(ctx, 48));  // the scorer saw 8x the batch, in the proposer's order
  ASSERT_EQ(batch.size(), 6u);
  EXPECT_EQ(batch.front(), heuristic_pick(ctx.problem, ctx.device).spec);
  for (size_t i = 2; i < batch.size(); ++i)
    EXPECT_GE(score(batch[i - 1]), score(batch[i])) << spec_name(batch[i]);
  // Every spec outside the batch scores no better than the batch's worst (the pick aside).
  for (const KernelSpec& s : scored) {
    if (std::find(batch.begin(), batch.end(), s) != batch.end()) continue;
    EXPECT_LE(score(s), score(batch.back())) << spec_name(s);
  }
  std::set<std::string> names;
  for (const KernelSpec& s : batch) names.insert(spec_name(s));
  EXPECT_EQ(names.size(), batch.size());
}

TEST(TuneScreening, LaterBatchesNeverRepeatTriedSpecs) {
  ProposalContext ctx;
  ctx.problem = problem(1024, 8192, 1024);
  const SpecScorer scorer = [](const Problem&, const std::vector<KernelSpec>& specs,
                               const DeviceFacts&) {
    std::vector<double> out;
    for (const KernelSpec& s : specs) out.push_back(double(s.stages));
    return out;
  };
  std::vector<KernelSpec> all;
  for (int round = 0; round < 4; ++round) {
    const auto batch = propose_screened(ctx, 8, scorer, 8);
    ASSERT_FALSE(batch.empty());
    for (const KernelSpec& s : batch) {
      EXPECT_EQ(std::find(all.begin(), all.end(), s), all.end()) << spec_name(s);
      all.push_back(s);
    }
    ctx.tried = all;
    ctx.incumbent = batch.back();
  }
  // The heuristic's pick is measured in the first batch, first.
  EXPECT_EQ(all.front(), heuristic_pick(ctx.problem, ctx.device).spec);
}

}  // namespace
