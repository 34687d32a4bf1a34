// The cost model's pure parts: store rows -> ranked groups (rewards, failures, duplicates,
// filters), the ranking-quality figures, and the model file's envelope. No GPU, no XGBoost.
#include <gtest/gtest.h>

#include <cmath>

#include "spec/name.hpp"
#include "tune/cost_examples.hpp"
#include "tune/cost_model_file.hpp"
#include "tune/ranking_quality.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

Measurement row(const Problem& p, const char* spec, std::optional<double> us,
                std::optional<double> ref_us, Status status = Status::ok) {
  Measurement m = sample_measurement(p, spec, us.value_or(1.0));
  m.median_us = us;
  m.reference_median_us = ref_us;
  m.status = status;
  return m;
}

const char* kSpecC = "sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m_etma";

TEST(CostData, RewardsAreLogReferenceOverCandidate) {
  const Problem p = problem(4096, 4096, 4096);
  const CostDataset d = build_cost_dataset({row(p, kSpecA, 100, 110), row(p, kSpecB, 200, 90)});
  ASSERT_EQ(d.groups.size(), 1u);
  const auto& g = d.groups[0];
  EXPECT_EQ(g.problem, p);
  EXPECT_EQ(g.gpu_name, "NVIDIA H200");
  ASSERT_EQ(g.examples.size(), 2u);
  EXPECT_EQ(g.examples[0].spec, parse_name(kSpecA));
  EXPECT_DOUBLE_EQ(g.examples[0].reward, std::log(110.0 / 100.0));
  EXPECT_DOUBLE_EQ(g.examples[1].reward, std::log(90.0 / 200.0));
  EXPECT_EQ(d.rows_used, 2u);
  EXPECT_EQ(d.rows_skipped, 0u);
}

TEST(CostData, MissingReferenceUsesTheGroupsGeometricMean) {
  const Problem p = problem(512, 512, 512);
  const CostDataset d = build_cost_dataset(
      {row(p, kSpecA, 10, 4), row(p, kSpecB, 20, 16), row(p, kSpecC, 5, std::nullopt)});
  ASSERT_EQ(d.groups.size(), 1u);
  EXPECT_NEAR(d.groups[0].examples[2].reward, std::log(8.0 / 5.0), 1e-12);
  // No reference time at all: the rewards would have no scale.
  const CostDataset none = build_cost_dataset({row(p, kSpecA, 10, std::nullopt)});
  EXPECT_TRUE(none.groups.empty());
  EXPECT_EQ(none.rows_skipped, 1u);
}

TEST(CostData, FailuresRankBelowTheWorstCorrectSpec) {
  const Problem p = problem(4096, 4096, 4096);
  const std::vector<Measurement> rows = {
      row(p, kSpecA, 100, 100), row(p, kSpecB, 400, 100),
      row(p, kSpecC, std::nullopt, std::nullopt, Status::compile_error)};
  const CostDataset d = build_cost_dataset(rows);
  ASSERT_EQ(d.groups[0].examples.size(), 3u);
  const CostExample& failed = d.groups[0].examples[2];
  EXPECT_TRUE(failed.failed);
  EXPECT_DOUBLE_EQ(failed.reward, std::log(100.0 / 400.0) - std::log(2.0));
  EXPECT_EQ(d.failed_examples(), 1u);

  ExampleOptions drop;
  drop.include_failures = false;
  const CostDataset without = build_cost_dataset(rows, drop);
  EXPECT_EQ(without.groups[0].examples.size(), 2u);
  EXPECT_EQ(without.rows_skipped, 1u);
}

TEST(CostData, RepeatedSpecsAverageAndGroupsWithoutOkRowsGo) {
  const Problem p = problem(1024, 1024, 1024), q = problem(64, 64, 64);
  const CostDataset d = build_cost_dataset({
      row(p, kSpecA, 100, 100),
      row(p, kSpecA, 50, 100),
      row(p, kSpecA, std::nullopt, 100, Status::wrong_result),  // one flaky run: still correct
      row(p, kSpecB, 100, 100),
      row(q, kSpecA, std::nullopt, std::nullopt, Status::failed),
  });
  ASSERT_EQ(d.groups.size(), 1u);
  ASSERT_EQ(d.groups[0].examples.size(), 2u);
  EXPECT_FALSE(d.groups[0].examples[0].failed);
  EXPECT_DOUBLE_EQ(d.groups[0].examples[0].reward, 0.5 * (0.0 + std::log(2.0)));
  EXPECT_EQ(d.rows_used, 4u);
  EXPECT_EQ(d.rows_skipped, 1u);
}

TEST(CostData, FiltersByModeGpuAndName) {
  const Problem p = problem(1024, 1024, 1024);
  Measurement offline = row(p, kSpecB, 10, 10);
  offline.mode = "offline";
  Measurement other_gpu = sample_measurement(p, kSpecC, 10, "NVIDIA H100");
  Measurement old_name = row(p, kSpecB, 10, 10);
  old_name.spec = "sm80_whatever";
  const std::vector<Measurement> rows = {row(p, kSpecA, 10, 10), offline, other_gpu, old_name};
  const CostDataset all = build_cost_dataset(rows);
  EXPECT_EQ(all.groups.size(), 2u);  // one per GPU
  ExampleOptions h200;
  h200.gpu_name = "NVIDIA H200";
  const CostDataset one = build_cost_dataset(rows, h200);
  ASSERT_EQ(one.groups.size(), 1u);
  EXPECT_EQ(one.groups[0].examples.size(), 1u);
  EXPECT_EQ(one.rows_skipped, 3u);
  EXPECT_EQ(gpu_names(rows), (std::vector<std::string>{"NVIDIA H100", "NVIDIA H200"}));
}

TEST(RankingQuality, Spearman) {
  EXPECT_DOUBLE_EQ(spearman({1, 2, 3, 4}, {10, 20, 30, 40}), 1.0);
  EXPECT_DOUBLE_EQ(spearman({1, 2, 3, 4}, {4, 3, 2, 1}), -1.0);
  EXPECT_DOUBLE_EQ(spearman({1, 2, 3, 4}, {1, 4, 9, 16}), 1.0);  // ranks, not values
  EXPECT_DOUBLE_EQ(spearman({0, 0, 0}, {1, 2, 3}), 0.0);         // constant: no ranking
  EXPECT_DOUBLE_EQ(spearman({1}, {1}), 0.0);
  EXPECT_NEAR(spearman({1, 2, 2, 3}, {1, 2, 3, 4}), 0.9486832980505138, 1e-12);  // ties
  EXPECT_THROW(spearman({1, 2}, {1}), Error);
}

TEST(RankingQuality, TopOneWithinTolerance) {
  const std::vector<std::vector<double>> rewards = {
      {0.0, std::log(1.04), -1.0},  // best is the second, the first is within 5%
      {0.0, std::log(1.2), -1.0},   // the first is 20% slower than the best
      {1.0}};                       // one candidate: skipped
  const RankingQuality q = ranking_quality({{3, 2, 1}, {3, 2, 1}, {0}}, rewards);
  EXPECT_EQ(q.groups, 2u);
  EXPECT_DOUBLE_EQ(q.top1_hit_rate, 0.5);
  EXPECT_NEAR(q.geomean_top1, 1 / std::sqrt(1.04 * 1.2), 1e-12);
  // Ties go to the first candidate.
  EXPECT_DOUBLE_EQ(ranking_quality({{0, 0, 0}}, {{0.0, 1.0, 2.0}}).top1_hit_rate, 0.0);
  EXPECT_DOUBLE_EQ(ranking_quality({{0, 0, 0}}, {{2.0, 1.0, 0.0}}).top1_hit_rate, 1.0);
  EXPECT_THROW(ranking_quality({{1, 2}}, {}), Error);
}

TEST(CostModelFile, EnvelopeRoundTrip) {
  CostModelFile f;
  f.header.gpu = "NVIDIA H200";
  f.header.objective = "rank:pairwise";
  f.header.rounds = 3;
  f.header.seed = 18446744073709551615ull;
  f.header.groups = 2;
  f.header.examples = 5;
  f.header.failed_examples = 1;
  f.header.sm_count = 132;
  f.header.smem_per_sm_bytes = 233472;
  f.header.l2_bytes = 62914560;
  f.header.features = {"a", "b\"c"};
  f.payload = std::string("\0\n\xff payload", 11);
  const std::string bytes = encode_cost_model(f);
  EXPECT_EQ(bytes.rfind("autogemm-cost-model 1\n{", 0), 0u);
  const CostModelFile back = decode_cost_model(bytes, "x.bin");
  EXPECT_EQ(back.header, f.header);
  EXPECT_EQ(back.payload, f.payload);
  EXPECT_EQ(fnv1a64(""), 0xcbf29ce484222325ull);
  EXPECT_EQ(fnv1a64("a"), 0xaf63dc4c8601ec8cull);
  EXPECT_THROW(decode_cost_model(bytes + "x", "x.bin"), Error);
}

}  // namespace
