// The cost model learns a planted rule (cost_model_synthetic.hpp) from synthetic store rows and
// ranks held-out shapes' candidates well, where constant and random rankings do not; it is
// deterministic, survives a save/load round trip bit for bit, refuses bad files, and
// `autogemm db train-cost-model` / `autogemm tune --cost-model` use it. No GPU.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <iterator>
#include <regex>
#include <set>

#include "cost_model_synthetic.hpp"
#include "spec/enumerate.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/cost_features.hpp"
#include "tune/cost_model.hpp"
#include "tune/store.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

struct HeldOut {
  std::vector<Problem> problems;
  std::vector<std::vector<KernelSpec>> pools;     // the correct candidates
  std::vector<std::vector<double>> rewards;       // noise-free log(t_ref / t)
  std::vector<std::vector<KernelSpec>> failures;  // the planted failures
};

HeldOut held_out_shapes(uint64_t seed, size_t count) {
  Draws d(seed);
  HeldOut h;
  for (size_t i = 0; i < count; ++i) {
    const Problem p = random_problem(d);
    std::vector<KernelSpec> pool, failing;
    std::vector<double> rewards;
    for (const KernelSpec& s : candidate_pool(p)) {
      if (planted_failure(s)) {
        failing.push_back(s);
        continue;
      }
      pool.push_back(s);
      rewards.push_back(std::log(planted_reference_us(p) / planted_us(p, s)));
    }
    h.problems.push_back(p);
    h.pools.push_back(pool);
    h.rewards.push_back(rewards);
    h.failures.push_back(failing);
  }
  return h;
}

std::vector<std::vector<double>> model_scores(const CostModel& model, const HeldOut& h) {
  std::vector<std::vector<double>> out;
  for (size_t i = 0; i < h.problems.size(); ++i)
    out.push_back(model.predict(h.problems[i], h.pools[i]));
  return out;
}

void print(const char* what, const RankingQuality& q) {
  std::cout << what << ": " << q.groups << " held-out shapes, mean Spearman " << q.mean_spearman
            << ", top-1 within 5% on " << 100 * q.top1_hit_rate << "%, top-1 speed "
            << q.geomean_top1 << "x of the best\n";
}

// A store like the tuner leaves: 300 shapes measured at budget 32; 100 unseen shapes to rank.
constexpr size_t kShapes = 300, kPerShape = 32, kHeldOut = 100;

// Trained once for the tests that only read it.
class CostModelTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    data_ = new CostDataset(build_cost_dataset(synthetic_rows(2026, kShapes, kPerShape)));
    model_ = new CostModel(CostModel::train(*data_));
    held_ = new HeldOut(held_out_shapes(7, kHeldOut));
  }
  static void TearDownTestSuite() {
    delete model_;
    delete data_;
    delete held_;
  }
  static CostDataset* data_;
  static CostModel* model_;
  static HeldOut* held_;
};
CostDataset* CostModelTest::data_ = nullptr;
CostModel* CostModelTest::model_ = nullptr;
HeldOut* CostModelTest::held_ = nullptr;

TEST_F(CostModelTest, LearnsThePlantedRuleOnHeldOutShapes) {
  EXPECT_EQ(data_->groups.size(), kShapes);
  EXPECT_GT(data_->failed_examples(), 0u) << "the planted failures should appear in training";
  const RankingQuality q = ranking_quality(model_scores(*model_, *held_), held_->rewards);
  print("cost model (reg:squarederror)", q);
  EXPECT_EQ(q.groups, kHeldOut);
  EXPECT_GE(q.mean_spearman, 0.8);
  EXPECT_GE(q.top1_hit_rate, 0.9);
}

TEST_F(CostModelTest, ConstantAndRandomRankingsDoNot) {
  std::vector<std::vector<double>> constant, random;
  Draws d(99);
  for (const auto& pool : held_->pools) {
    constant.emplace_back(pool.size(), 0.0);
    random.emplace_back();
    for (size_t i = 0; i < pool.size(); ++i) random.back().push_back(d.uniform());
  }
  const RankingQuality c = ranking_quality(constant, held_->rewards);
  const RankingQuality r = ranking_quality(random, held_->rewards);
  print("constant ranking", c);
  print("random ranking", r);
  EXPECT_LT(c.mean_spearman, 0.8);
  EXPECT_LT(c.top1_hit_rate, 0.9);
  EXPECT_LT(r.mean_spearman, 0.8);
  EXPECT_LT(r.top1_hit_rate, 0.9);
}

TEST_F(CostModelTest, RanksPlantedFailuresLow) {
  size_t failing = 0, in_bottom_half = 0;
  for (size_t i = 0; i < held_->problems.size(); ++i) {
    if (held_->failures[i].empty()) continue;
    std::vector<KernelSpec> all = held_->pools[i];
    all.insert(all.end(), held_->failures[i].begin(), held_->failures[i].end());
    const auto ranked = model_->rank(held_->problems[i], all);
    for (const KernelSpec& f : held_->failures[i]) {
      ++failing;
      const size_t pos = size_t(std::find(ranked.begin(), ranked.end(), f) - ranked.begin());
      in_bottom_half += pos >= ranked.size() / 2;
    }
  }
  ASSERT_GT(failing, 0u);
  EXPECT_GE(double(in_bottom_half) / double(failing), 0.9) << in_bottom_half << "/" << failing;
}

TEST_F(CostModelTest, RankIsPredictOrdered) {
  const Problem& p = held_->problems[0];
  const auto& pool = held_->pools[0];
  const auto scores = model_->predict(p, pool);
  const auto ranked = model_->rank(p, pool);
  ASSERT_EQ(ranked.size(), pool.size());
  const auto best = size_t(std::max_element(scores.begin(), scores.end()) - scores.begin());
  EXPECT_EQ(ranked.front(), pool[best]);
  const auto again = model_->predict(p, ranked);
  EXPECT_TRUE(std::is_sorted(again.rbegin(), again.rend()));
  EXPECT_TRUE(model_->predict(p, {}).empty());
}

// The sweep holds split-K specs (cluster split-K and the reduction pass) that fit these few-tile
// long-K problems; the ranking the dispatcher uses scores them with the rest, each once, and
// their features name the split (a spec and its split twin differ in more than the piece count).
// Splits of fewer than two k-blocks a piece are left out, whatever the model thinks of them.
TEST_F(CostModelTest, RankingLeavesOutThinSplits) {
  const KernelSpec ck8 = parse_name("sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_tiles_r8m_ck8_swap");
  const Problem tiny{{74, 136, 528}, DType::f16, AccType::f32, Layout::tn};  // 9 k-blocks
  EXPECT_TRUE(thin_split(ck8, tiny));
  EXPECT_FALSE(thin_split(ck8, Problem{{74, 136, 1024}, DType::f16, AccType::f32, Layout::tn}));
  EXPECT_FALSE(thin_split(parse_name("sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m"), tiny));
  const auto ranked = rank_candidates(*model_, tiny, {ck8});
  ASSERT_FALSE(ranked.empty());
  for (const auto& [s, score] : ranked) EXPECT_FALSE(thin_split(s, tiny)) << spec_name(s);
}

TEST_F(CostModelTest, RankingIncludesTheSplitSpecs) {
  for (const Problem& p : {Problem{{128, 128, 8192}, DType::f16, AccType::f32, Layout::tn},
                           Problem{{17, 984, 2048}, DType::f16, AccType::f32, Layout::tn}}) {
    const KernelSpec ck = parse_name("sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck8");
    const auto ranked = rank_candidates(*model_, p, {ck});
    ASSERT_FALSE(ranked.empty());
    EXPECT_EQ(
        std::count_if(ranked.begin(), ranked.end(), [&](const auto& r) { return r.first == ck; }),
        1);
    EXPECT_TRUE(std::any_of(ranked.begin(), ranked.end(),
                            [](const auto& r) { return r.first.split_pass > 1; }));
    for (const auto& [s, score] : ranked) EXPECT_FALSE(validate_problem(s, p)) << spec_name(s);
  }
  const auto& names = cost_feature_names();
  const auto at = [&](std::string_view name) {
    return size_t(std::find(names.begin(), names.end(), name) - names.begin());
  };
  const auto spec = parse_name("sm90_f16f32_tn_64x128x64_s8_c4x1_wg1_tiles_r8m_skp3");
  // The features of `spec` on 256x512xK in layout `l`.
  const auto of = [&](int64_t k, Layout l = Layout::tn) {
    return cost_features({{256, 512, k}, DType::f16, AccType::f32, l}, spec, {});
  };
  KernelSpec plain = spec;
  plain.split_pass = 1;
  const auto split = of(12288);
  const auto whole =
      cost_features({{256, 512, 12288}, DType::f16, AccType::f32, Layout::tn}, plain, {});
  EXPECT_EQ(split[at("split_pass")], 3.f);
  EXPECT_EQ(whole[at("split_pass")], 1.f);
  EXPECT_EQ(split[at("multicast")], 4.f);
  // Four CTAs sharing B: each loads its 64 rows of A and a quarter of B's 128, one request a row
  // when every row starts on a 128-byte line (K = 12288); about two a row on a 32-byte sector
  // (K = 12304) and 3.4 at an odd multiple of 16 bytes (K = 12296).
  const float per_mma = (64.f + 32.f) / (64 * 128);
  const struct {
    int64_t k;
    float off_lines, odd16, requests;
  } rows[] = {{12288, 0, 0, 1}, {12304, 2, 0, 2}, {12296, 2, 2, 3.4f}};
  for (const auto& r : rows) {
    const auto f = of(r.k);
    EXPECT_EQ(f[at("rows_off_lines")], r.off_lines) << r.k;
    EXPECT_EQ(f[at("rows_odd16")], r.odd16) << r.k;
    EXPECT_FLOAT_EQ(f[at("log2_row_requests_per_mma")], std::log2(r.requests * per_mma)) << r.k;
  }
  // Layout nn: B's rows are N long (512 elements, aligned), A's K long.
  const auto nn = of(12296, Layout::nn);
  EXPECT_EQ(nn[at("rows_off_lines")], 1.f);
  EXPECT_EQ(nn[at("rows_odd16")], 1.f);
}

TEST_F(CostModelTest, SaveLoadRoundTripGivesIdenticalPredictions) {
  ScratchDir dir;
  const auto path = dir / "model.bin";
  model_->save(path);
  const CostModel loaded = CostModel::load(path);
  EXPECT_EQ(loaded.header(), model_->header());
  EXPECT_EQ(loaded.header().gpu, "NVIDIA H200");
  EXPECT_EQ(loaded.header().objective, "reg:squarederror");
  EXPECT_EQ(loaded.header().groups, kShapes);
  // The training shapes' types are recorded; the model claims only those.
  ASSERT_FALSE(loaded.header().problem_types.empty());
  const Problem seen = held_->problems[0];
  EXPECT_TRUE(loaded.trained_for(seen));
  EXPECT_NE(std::find(loaded.header().problem_types.begin(), loaded.header().problem_types.end(),
                      problem_type(seen)),
            loaded.header().problem_types.end());
  Problem other = seen;
  other.dtype = DType::bf16;
  EXPECT_FALSE(loaded.trained_for(other));
  for (size_t i = 0; i < held_->problems.size(); ++i)
    EXPECT_EQ(loaded.predict(held_->problems[i], held_->pools[i]),
              model_->predict(held_->problems[i], held_->pools[i]))
        << describe(held_->problems[i]);
  // Saving the loaded model writes the same bytes.
  loaded.save(dir / "again.bin");
  EXPECT_EQ(read_cost_model_file(path).payload, read_cost_model_file(dir / "again.bin").payload);
}

TEST_F(CostModelTest, CorruptOrForeignFilesAreRejectedNamingTheFile) {
  ScratchDir dir;
  const auto good = dir / "model.bin";
  model_->save(good);
  std::string bytes;
  {
    std::ifstream in(good, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  auto expect_rejected = [&](const std::string& name, const std::string& content,
                             const std::string& why) {
    const auto path = dir / name;
    write_file(path, content);
    try {
      CostModel::load(path);
      ADD_FAILURE() << name << " was accepted";
    } catch (const Error& e) {
      const std::string msg = e.what();
      EXPECT_NE(msg.find(path.string()), std::string::npos) << msg;
      EXPECT_NE(msg.find(why), std::string::npos) << msg;
    }
  };
  std::string flipped = bytes;
  flipped[flipped.size() - 100] ^= 0x10;
  expect_rejected("flipped.bin", flipped, "checksum mismatch");
  expect_rejected("truncated.bin", bytes.substr(0, bytes.size() - 1), "truncated");
  expect_rejected("short.bin", bytes.substr(0, 30), "truncated");
  expect_rejected("garbage.bin", std::string(5000, 'x'), "not an autogemm cost model");
  expect_rejected("empty.bin", "", "not an autogemm cost model");
  expect_rejected("v9.bin", "autogemm-cost-model 9\n{}\n", "format version '9'");
  expect_rejected("header.bin", "autogemm-cost-model 1\n{\"gpu\": 1}\n", "\"gpu\"");

  // Well-formed envelopes around a bad model or for another feature list.
  CostModelFile f = read_cost_model_file(good);
  CostModelFile not_xgb = f;
  not_xgb.payload = "definitely not a booster";
  expect_rejected("payload.bin", encode_cost_model(not_xgb), "XGBoost cannot read the model");
  CostModelFile other = f;
  other.header.features.back() = "some_old_feature";
  expect_rejected("features.bin", encode_cost_model(other), "another feature list");
  EXPECT_THROW(CostModel::load(dir / "missing.bin"), Error);
}

TEST(CostModel, TrainingIsDeterministic) {
  const auto rows = synthetic_rows(5, 40, 12);
  CostModelOptions o;
  o.rounds = 50;
  const CostModel a = CostModel::train(rows, o), b = CostModel::train(build_cost_dataset(rows), o);
  const HeldOut h = held_out_shapes(11, 5);
  for (size_t i = 0; i < h.problems.size(); ++i)
    EXPECT_EQ(a.predict(h.problems[i], h.pools[i]), b.predict(h.problems[i], h.pools[i]));
}

// An ensemble's score is the mean of its members' (each trained alone with its depth), and it
// survives a save/load round trip; a file whose member lengths do not add up is refused.
TEST(CostModel, EnsembleAveragesItsMembersAndRoundTrips) {
  const CostDataset data = build_cost_dataset(synthetic_rows(5, 60, 12));
  CostModelOptions o;
  o.rounds = 40;
  o.max_depth = 3;
  const CostModel shallow = CostModel::train(data, o);
  o.max_depth = 7;
  const CostModel deep = CostModel::train(data, o);
  o.ensemble_depths = {3, 7};
  const CostModel both = CostModel::train(data, o);
  EXPECT_EQ(both.header().member_depths, (std::vector<int>{3, 7}));
  ScratchDir dir;
  both.save(dir / "ensemble.bin");
  const CostModel loaded = CostModel::load(dir / "ensemble.bin");
  EXPECT_EQ(loaded.header(), both.header());
  const HeldOut h = held_out_shapes(11, 6);
  for (size_t i = 0; i < h.problems.size(); ++i) {
    const auto a = shallow.predict(h.problems[i], h.pools[i]);
    const auto b = deep.predict(h.problems[i], h.pools[i]);
    const auto mean = both.predict(h.problems[i], h.pools[i]);
    ASSERT_EQ(mean.size(), a.size());
    for (size_t j = 0; j < mean.size(); ++j) EXPECT_NEAR(mean[j], (a[j] + b[j]) / 2, 1e-6);
    EXPECT_EQ(loaded.predict(h.problems[i], h.pools[i]), mean);
  }
  EXPECT_EQ(loaded.header().max_depth, 0);  // an ensemble: member_depths say
  EXPECT_EQ(shallow.header().max_depth, 3);
  EXPECT_DOUBLE_EQ(shallow.header().learning_rate, o.learning_rate);

  // Headers that split the payload wrongly are refused, never loaded as some other model.
  const CostModelFile f = read_cost_model_file(dir / "ensemble.bin");
  ASSERT_EQ(f.header.member_bytes.size(), 2u);
  const uint64_t m0 = f.header.member_bytes[0], m1 = f.header.member_bytes[1];
  auto refused = [&](const std::string& name, CostModelFile bad, const std::string& why) {
    write_file(dir / name, encode_cost_model(bad));
    try {
      CostModel::load(dir / name);
      ADD_FAILURE() << name << " was accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << name << ": " << e.what();
    }
  };
  CostModelFile bad = f;
  bad.header.member_bytes = {m0 - 1, m1};  // no longer sums to the payload
  refused("short_sum.bin", bad, "sum to");
  bad.header.member_bytes = {m0 + (uint64_t(1) << 40), m1 - (uint64_t(1) << 40)};  // wraps
  refused("wrapping.bin", bad, "bytes");
  bad.header.member_bytes = {m0 + 1, m1 - 1};  // the first member ends inside the second
  refused("split.bin", bad, "do not split the payload");
  bad.header.member_bytes = {m0 + m1};  // two members read as one
  bad.header.member_depths = {3};
  refused("merged.bin", bad, "do not split the payload");
  bad = f;  // no member fields: the whole payload read as one booster
  bad.header.member_bytes.clear();
  bad.header.member_depths.clear();
  refused("unsplit.bin", bad, "not exactly one booster");
  bad = f;
  bad.header.member_depths = {3, 0};
  refused("depth0.bin", bad, "tree depth 0");
  bad = f;
  bad.header.member_depths.pop_back();  // members named differently in the two lists
  refused("lists.bin", bad, "same members");
  // A negative length, written by hand (the encoder's lengths are unsigned).
  std::string text = encode_cost_model(f);
  const std::string from = fmt::format("\"member_bytes\":[{},{}]", m0, m1);
  const size_t at = text.find(from);
  ASSERT_NE(at, std::string::npos);
  text.replace(at, from.size(), fmt::format("\"member_bytes\":[{},-{}]", m0 + m1 + 4096, 4096));
  write_file(dir / "negative.bin", text);
  EXPECT_THROW(CostModel::load(dir / "negative.bin"), Error);
  o.ensemble_depths = {3, 3};  // a repeated depth is the same booster twice
  EXPECT_THROW(CostModel::train(data, o), Error);
  o.ensemble_depths = {3, 0};
  EXPECT_THROW(CostModel::train(data, o), Error);
}

// Pairwise ranking learns the order as well, but is less sure of the top (cost_model.hpp).
TEST(CostModel, PairwiseRankingLearnsTheOrderToo) {
  CostModelOptions o;
  o.objective = "rank:pairwise";
  const CostModel model =
      CostModel::train(build_cost_dataset(synthetic_rows(2026, kShapes, kPerShape)), o);
  const HeldOut h = held_out_shapes(7, kHeldOut);
  const RankingQuality q = ranking_quality(model_scores(model, h), h.rewards);
  print("cost model (rank:pairwise)", q);
  EXPECT_GE(q.mean_spearman, 0.8);
  EXPECT_GE(q.top1_hit_rate, 0.7);
  ScratchDir dir;
  model.save(dir / "pairwise.bin");
  EXPECT_EQ(CostModel::load(dir / "pairwise.bin").predict(h.problems[0], h.pools[0]),
            model.predict(h.problems[0], h.pools[0]));
}

TEST(CostModel, RefusesUselessInput) {
  EXPECT_THROW(CostModel::train(CostDataset{}), Error);
  CostModelOptions o;
  o.objective = "rank:ndcg";
  EXPECT_THROW(CostModel::train(build_cost_dataset(synthetic_rows(1, 4, 4)), o), Error);
}

TEST(CostModel, HoldoutSplitIsByShapeAndDeterministic) {
  const CostDataset data = build_cost_dataset(synthetic_rows(3, 100, 4));
  const auto [train, held] = split_by_shape(data, 0.25);
  EXPECT_EQ(train.groups.size() + held.groups.size(), data.groups.size());
  EXPECT_GT(held.groups.size(), 10u);
  EXPECT_LT(held.groups.size(), 40u);
  const auto again = split_by_shape(data, 0.25);
  ASSERT_EQ(again.second.groups.size(), held.groups.size());
  for (size_t i = 0; i < held.groups.size(); ++i)
    EXPECT_EQ(again.second.groups[i].problem, held.groups[i].problem);
  EXPECT_TRUE(split_by_shape(data, 0).second.groups.empty());
}

TEST(CostFeatures, NamesAreDistinctAndValuesFinite) {
  const auto& names = cost_feature_names();
  std::set<std::string_view> distinct(names.begin(), names.end());
  EXPECT_EQ(distinct.size(), kNumCostFeatures);
  for (const Problem& p : {problem(1, 5120, 5120), problem(16384, 16384, 16384),
                           problem(100, 8, 64, Layout::nn, DType::bf16)})
    for (const KernelSpec& s : candidate_pool(p))
      for (float v : cost_features(p, s, {}))
        EXPECT_TRUE(std::isfinite(v)) << describe(p) << " " << spec_name(s);
}

TEST(CostFeatures, SeeTilesWavesAndPadding) {
  auto value = [](const CostFeatures& f, std::string_view name) {
    const auto& names = cost_feature_names();
    return f[size_t(std::find(names.begin(), names.end(), name) - names.begin())];
  };
  KernelSpec s;  // 128x256, persistent
  const auto f = cost_features(problem(4096, 4096, 4096), s, {});
  EXPECT_FLOAT_EQ(value(f, "log2_tiles"), std::log2(32.0f * 16.0f));
  EXPECT_FLOAT_EQ(value(f, "waves"), 512.0f / 132.0f);
  EXPECT_FLOAT_EQ(value(f, "wave_fill"), 512.0f / (4 * 132.0f));
  EXPECT_FLOAT_EQ(value(f, "padding_waste"), 0.0f);
  EXPECT_FLOAT_EQ(value(f, "log2_k_blocks"), 6.0f);
  const auto padded = cost_features(problem(4096 + 8, 4096, 4096), s, {});
  EXPECT_GT(value(padded, "padding_waste"), 0.0f);
  // 4104 rows in 33 tiles of 128 rows: 120 of 4224 computed rows are padding.
  EXPECT_FLOAT_EQ(value(padded, "waste_m"), 120.0f / 4224.0f);
  EXPECT_FLOAT_EQ(value(padded, "waste_n"), 0.0f);
  DeviceFacts half;
  half.sm_count = 66;
  half.l2_bytes = 32 << 20;
  const auto f66 = cost_features(problem(4096, 4096, 4096), s, half);
  EXPECT_FLOAT_EQ(value(f66, "waves"), 512.0f / 66.0f);
  EXPECT_FLOAT_EQ(value(f66, "log2_operands_over_l2"), 1.0f);  // A and B: 64 MiB
  EXPECT_FLOAT_EQ(value(f, "l2_mib"), 60.0f);                  // the H200's by default
}

// `autogemm db train-cost-model` and `autogemm tune --cost-model` through the real binary.
CommandResult run(const std::string& args) {
  return run_command(std::string(AUTOGEMM_BINARY) + " " + args + " 2>&1");
}

// A store in `dir` of 60 synthetic shapes, 16 specs each.
std::string synthetic_store(const ScratchDir& dir) {
  const std::string path = (dir / "s.sqlite").string();
  auto store = ExperienceStore::open(path);
  for (const Measurement& m : synthetic_rows(17, 60, 16)) store.record(m);
  return path;
}

TEST(CostModelCli, TrainFromAStoreThenLoad) {
  ScratchDir dir;
  const std::string store_path = synthetic_store(dir);
  const std::string model_path = (dir / "m.bin").string();
  const CommandResult r = run("db train-cost-model --store '" + store_path + "' --out '" +
                              model_path + "' --rounds 100 --holdout 0.25");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("of 60 shapes from 960 rows (0 skipped) on NVIDIA H200"),
            std::string::npos)
      << r.output;
  EXPECT_NE(r.output.find("held out "), std::string::npos) << r.output;
  std::cout << r.output;
  const CostModel m = CostModel::load(model_path);
  EXPECT_EQ(m.header().rounds, 100);
  EXPECT_EQ(m.header().groups, 60u);
}

// `autogemm db eval-cost-model`: a saved model judged on a store, on every shape or on the shapes
// train-cost-model's --holdout of the same fraction leaves out (the same split).
TEST(CostModelCli, EvaluateASavedModel) {
  ScratchDir dir;
  const std::string store_path = synthetic_store(dir);
  const std::string model_path = (dir / "m.bin").string();
  const CommandResult trained = run("db train-cost-model --store '" + store_path + "' --out '" +
                                    model_path + "' --rounds 50 --holdout 0.25");
  ASSERT_EQ(trained.code, 0) << trained.output;
  const std::regex held("held out ([0-9]+) shapes: mean Spearman ([-0-9.e]+)");
  const std::regex split("holdout split 0.25: ([0-9]+) shapes: mean Spearman ([-0-9.e]+)");
  std::smatch t, e;
  ASSERT_TRUE(std::regex_search(trained.output, t, held)) << trained.output;
  const CommandResult all =
      run("db eval-cost-model --cost-model '" + model_path + "' --store '" + store_path + "'");
  EXPECT_EQ(all.code, 0) << all.output;
  EXPECT_NE(all.output.find("all 60 shapes: mean Spearman "), std::string::npos) << all.output;
  const CommandResult part = run("db eval-cost-model --cost-model '" + model_path + "' --store '" +
                                 store_path + "' --holdout 0.25");
  EXPECT_EQ(part.code, 0) << part.output;
  ASSERT_TRUE(std::regex_search(part.output, e, split)) << part.output;
  EXPECT_EQ(e[1].str(), t[1].str());  // the same held-out shapes
  // The saved model learned from those shapes too: it ranks them at least about as well.
  EXPECT_GT(std::stod(e[2].str()), std::stod(t[2].str()) - 0.2) << part.output;
  const std::pair<std::string, std::string> bad[] = {
      {"db eval-cost-model --cost-model '" + (dir / "none.bin").string() + "' --store '" +
           store_path + "'",
       "--cost-model"},
      {"db eval-cost-model --cost-model '" + model_path + "' --store '" + store_path +
           "' --holdout 1.5",
       "--holdout"},
      {"db eval-cost-model --cost-model '" + model_path + "' --store '" +
           (dir / "none.sqlite").string() + "'",
       "does not exist"}};
  for (const auto& [args, says] : bad) {
    const CommandResult r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(says), std::string::npos) << args << "\n" << r.output;
  }
}

// Rows of two GPUs: refused unless --pool-gpus, which keeps each GPU's shapes ranking among
// themselves; eval-cost-model --shapes judges on the listed shapes only.
TEST(CostModelCli, PoolsGpusOnlyWhenAskedAndJudgesListedShapes) {
  ScratchDir dir;
  const std::string a = synthetic_store(dir), b = (dir / "b.sqlite").string();
  {
    auto sb = ExperienceStore::open(b);
    for (Measurement m : synthetic_rows(18, 20, 16)) {
      m.env.gpu_name = "NVIDIA H100 80GB HBM3";
      sb.record(m);
    }
  }
  const std::string model = (dir / "m.bin").string();
  const std::string both = "--store '" + a + "' --store '" + b + "' --out '" + model + "'";
  const CommandResult refused = run("db train-cost-model " + both + " --rounds 20");
  EXPECT_EQ(refused.code, 2) << refused.output;
  EXPECT_NE(refused.output.find("rows of 2 GPUs; choose one with --gpu (or --pool-gpus"),
            std::string::npos)
      << refused.output;
  const CommandResult pooled = run("db train-cost-model " + both + " --rounds 20 --pool-gpus");
  EXPECT_EQ(pooled.code, 0) << pooled.output;
  EXPECT_NE(pooled.output.find("on NVIDIA H100 80GB HBM3 + NVIDIA H200"), std::string::npos)
      << pooled.output;
  EXPECT_EQ(CostModel::load(model).header().groups, 80u);  // 60 + 20: per GPU and shape

  std::vector<Problem> problems;
  synthetic_rows(17, 60, 16, &problems);
  std::string listed = "# three of them\n";
  for (size_t i : {0, 7, 31})
    listed +=
        fmt::format("{}_{}_{}\n", problems[i].shape.m, problems[i].shape.n, problems[i].shape.k);
  write_file(dir / "three.txt", listed);
  const CommandResult three = run("db eval-cost-model --cost-model '" + model + "' --store '" + a +
                                  "' --shapes '" + (dir / "three.txt").string() + "'");
  EXPECT_EQ(three.code, 0) << three.output;
  EXPECT_NE(three.output.find("listed in " + (dir / "three.txt").string() + ": 3 shapes: "),
            std::string::npos)
      << three.output;
}

// Several stores: their rows are pooled (the grid's store and a re-tuning's, for example).
TEST(CostModelCli, TrainFromSeveralStores) {
  ScratchDir dir;
  const std::string a = (dir / "a.sqlite").string(), b = (dir / "b.sqlite").string();
  const auto rows = synthetic_rows(17, 60, 16);
  {
    auto sa = ExperienceStore::open(a);
    auto sb = ExperienceStore::open(b);
    for (size_t i = 0; i < rows.size(); ++i) (i < rows.size() / 2 ? sa : sb).record(rows[i]);
  }
  const std::string model_path = (dir / "m.bin").string();
  const CommandResult r = run("db train-cost-model --store '" + a + "' --store '" + b +
                              "' --out '" + model_path + "' --rounds 20");
  EXPECT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("of 60 shapes from 960 rows (0 skipped)"), std::string::npos) << r.output;
  const CommandResult missing =
      run("db train-cost-model --store '" + a + "' --store '" + (dir / "none.sqlite").string() +
          "' --out '" + model_path + "'");
  EXPECT_EQ(missing.code, 2) << missing.output;
  EXPECT_NE(missing.output.find("does not exist"), std::string::npos) << missing.output;
}

TEST(CostModelCli, BadInputExitsTwo) {
  ScratchDir dir;
  write_file(dir / "junk.bin", "junk");
  const std::string junk = (dir / "junk.bin").string();
  const std::pair<std::string, std::string> cases[] = {
      {"db train-cost-model --store '" + (dir / "none.sqlite").string() + "' --out m.bin",
       "does not exist"},
      {"db train-cost-model --store x.sqlite", "--out is required"},
      {"db train-cost-model --store x.sqlite --out m.bin --holdout 1.5", "--holdout"},
      {"db train-cost-model --store x.sqlite --out m.bin --ensemble-depths 4,0",
       "--ensemble-depths"},
      {"db train-cost-model --store x.sqlite --out m.bin --max-depth 40", "--max-depth"},
      {"db train-cost-model --store x.sqlite --out m.bin --max-depth 4 --ensemble-depths 5,6",
       "excludes"},
      {"db train-cost-model --store x.sqlite --out m.bin --learning-rate 0", "--learning-rate"},
      {"tune --mnk 128_128_128 --store '" + (dir / "t.sqlite").string() + "' --cost-model '" +
           junk + "'",
       "--cost-model: cost model '" + junk + "': not an autogemm cost model"},
      {"tune --mnk 128_128_128 --store '" + (dir / "t.sqlite").string() + "' --screen 0",
       "--screen"},
  };
  for (const auto& [args, expected] : cases) {
    const CommandResult r = run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.output;
    EXPECT_NE(r.output.find(expected), std::string::npos) << args << "\n" << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << r.output;
  }
  EXPECT_FALSE(std::filesystem::exists(dir / "t.sqlite"));
}

}  // namespace
