// The policy's spec head (policy.hpp): the policy-gradient objective of the cost model learns
// the planted rule (cost_model_synthetic.hpp) and raises each shape's expected reward over the
// regression it starts from; a policy with a head takes its top choices from it, only for the
// problem types it was trained on; the head survives the policy file bit for bit, and a damaged
// or foreign head is refused. Base64, which carries it, round-trips and refuses damage. No GPU.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "cost_model_synthetic.hpp"
#include "tune/base64.hpp"
#include "tune/cost_model.hpp"
#include "tune/policy.hpp"
#include "tune/policy_file.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

constexpr size_t kShapes = 300, kPerShape = 32, kHeldOut = 100;

const CostDataset& training_data() {
  static const CostDataset data = build_cost_dataset(synthetic_rows(2026, kShapes, kPerShape));
  return data;
}

CostModel train_head(int rounds, int policy_rounds) {
  CostModelOptions o;
  o.objective = kPolicyGradient;
  o.rounds = rounds;
  o.policy_rounds = policy_rounds;
  return CostModel::train(training_data(), o);
}

// The policy's expected reward over each training shape's measured specs, the model's scores
// as logits: mean_s Σ_i softmax(f)_i r_i, what the policy rounds ascend.
double expected_reward(const CostModel& m, const CostDataset& data) {
  double sum = 0;
  for (const CostGroup& g : data.groups) {
    std::vector<KernelSpec> specs;
    for (const CostExample& e : g.examples) specs.push_back(e.spec);
    const std::vector<double> f = m.predict(g.problem, specs);
    const double top = *std::max_element(f.begin(), f.end());
    double z = 0, j = 0;
    for (size_t i = 0; i < f.size(); ++i) z += std::exp(f[i] - top);
    for (size_t i = 0; i < f.size(); ++i) j += std::exp(f[i] - top) / z * g.examples[i].reward;
    sum += j;
  }
  return sum / double(data.groups.size());
}

// On unseen shapes: how often the policy's top choice is within 5% of the planted-fastest spec
// of the default sweep that fits (the policy has no library here, so that is its whole C(p)).
double top1_hit_rate(const Policy& policy) {
  Draws d(7);
  size_t hits = 0;
  for (size_t i = 0; i < kHeldOut; ++i) {
    const Problem p = random_problem(d);
    double best = INFINITY;
    for (const KernelSpec& s : candidate_pool(p))
      if (!planted_failure(s) && !validate(s)) best = std::min(best, planted_us(p, s));
    const auto top = policy.top_choices(p, 1);
    EXPECT_EQ(top.size(), 1u);
    if (!top.empty() && !planted_failure(top[0])) hits += planted_us(p, top[0]) <= 1.05 * best;
  }
  return double(hits) / double(kHeldOut);
}

Policy with_head(std::shared_ptr<const CostModel> head) {
  Policy p;
  p.spec_head = std::move(head);
  return p;
}

}  // namespace

TEST(PolicyHead, PolicyRoundsRaiseTheExpectedRewardOverTheRegression) {
  const CostModel regression = train_head(100, 1);  // one policy round: nearly the regression
  const CostModel policy = train_head(100, 60);
  const double before = expected_reward(regression, training_data());
  const double after = expected_reward(policy, training_data());
  std::cout << "expected reward over the measured specs: " << before << " -> " << after << "\n";
  EXPECT_GT(after, before + 0.01);
  EXPECT_EQ(policy.header().objective, kPolicyGradient);
  EXPECT_EQ(policy.header().rounds, 100);
  EXPECT_EQ(policy.header().policy_rounds, 60);
}

TEST(PolicyHead, TopChoicesOnUnseenShapesFollowThePlantedRule) {
  const Policy head = with_head(std::make_shared<const CostModel>(train_head(300, 30)));
  const double hit = top1_hit_rate(head);
  const double untrained = top1_hit_rate(Policy{});  // the default spec, whatever the shape
  std::cout << "top choice within 5% of the best: spec head " << 100 * hit << "%, untrained policy "
            << 100 * untrained << "%\n";
  EXPECT_GE(hit, 0.85);
  EXPECT_LT(untrained, 0.5);
}

TEST(PolicyHead, RanksTheLibraryAndTheSweepOnlyForItsTypes) {
  Policy policy = with_head(std::make_shared<const CostModel>(train_head(50, 10)));
  const KernelSpec lib = parse_name("sm90_f16f32_tn_128x96x64_s5_c1x1_coop_persist_r8m");
  policy.library = {lib};
  const Problem p = problem(2048, 3000, 1024);
  const auto scored = policy.spec_head_choices(p, {});
  ASSERT_GT(scored.size(), 1u);
  EXPECT_TRUE(std::is_sorted(scored.begin(), scored.end(),
                             [](const auto& a, const auto& b) { return a.second > b.second; }));
  EXPECT_NE(
      std::find_if(scored.begin(), scored.end(), [&](const auto& c) { return c.first == lib; }),
      scored.end());
  const auto top = policy.top_choices(p, 3);
  ASSERT_EQ(top.size(), 3u);
  for (size_t i = 0; i < 3; ++i) EXPECT_EQ(top[i], scored[i].first);
  // Trained on fp16/fp32/tn only: a bf16 problem is the fields' and the library's to choose.
  const Problem bf16 = problem(2048, 3000, 1024, Layout::tn, DType::bf16);
  EXPECT_TRUE(policy.spec_head_choices(bf16, {}).empty());
  Policy no_head = policy;
  no_head.spec_head = nullptr;
  ASSERT_EQ(policy.top_choices(bf16, 1).size(), 1u);
  EXPECT_EQ(policy.top_choices(bf16, 1), no_head.top_choices(bf16, 1));
  EXPECT_EQ(policy.top_choices(bf16, 1)[0].dtype, DType::bf16);
}

TEST(PolicyHead, FileRoundTripKeepsTheHeadBitForBit) {
  ScratchDir dir;
  Policy policy = with_head(std::make_shared<const CostModel>(train_head(40, 5)));
  policy.info.gpu = "NVIDIA H200";
  save_policy(policy, dir / "p.json");
  const Policy loaded = load_policy(dir / "p.json");
  ASSERT_TRUE(loaded.spec_head);
  EXPECT_EQ(loaded, policy);
  EXPECT_EQ(loaded.spec_head->to_bytes(), policy.spec_head->to_bytes());
  const Problem p = problem(777, 4096, 2048);
  EXPECT_EQ(loaded.spec_head_choices(p, {}), policy.spec_head_choices(p, {}));
  EXPECT_EQ(policy_to_json(loaded), policy_to_json(policy));
  EXPECT_FALSE(loaded == Policy{});
}

TEST(PolicyHead, DamagedOrForeignHeadsAreRefused) {
  ScratchDir dir;
  const Policy policy = with_head(std::make_shared<const CostModel>(train_head(20, 2)));
  const std::string good = policy_to_json(policy);
  const size_t at = good.find("\"spec_head\": \"");
  ASSERT_NE(at, std::string::npos);
  const size_t body = at + 14;
  auto expect_refused = [&](const std::string& text, const std::string& expected) {
    try {
      parse_policy(text, "p.json");
      ADD_FAILURE() << "accepted; expected: " << expected;
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(expected), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("p.json"), std::string::npos) << e.what();
    }
  };
  std::string flipped = good;  // one base64 digit in the middle of the model's bytes
  const size_t mid = body + (good.find('"', body) - body) / 2;
  flipped[mid] = flipped[mid] == 'A' ? 'B' : 'A';
  expect_refused(flipped, "checksum mismatch");
  std::string bad = good;
  bad[body + 5] = '*';
  expect_refused(bad, "not valid base64");
  expect_refused(good.substr(0, at) + "\"spec_head\": 42\n}\n", "must be a string");
  // A head from a build with another feature list: retrain the policy, not a cost model.
  CostModelFile foreign = decode_cost_model(policy.spec_head->to_bytes(), "head");
  foreign.header.features.pop_back();
  expect_refused(good.substr(0, body) + base64_encode(encode_cost_model(foreign)) + "\"\n}\n",
                 "retrain it with `autogemm db train-policy`");
  // A regression model in a head's place: the head must be a policy.
  CostModelOptions o;
  o.rounds = 5;
  const CostModel regression = CostModel::train(training_data(), o);
  expect_refused(good.substr(0, body) + base64_encode(regression.to_bytes()) + "\"\n}\n",
                 "not policy:gradient");
}

TEST(PolicyHead, PolicyGradientNeedsPolicyRounds) {
  EXPECT_THROW(train_head(10, 0), Error);
}

TEST(Base64, KnownVectorsAndRoundTrips) {
  const std::pair<std::string, std::string> known[] = {{"", ""},
                                                       {"f", "Zg=="},
                                                       {"fo", "Zm8="},
                                                       {"foo", "Zm9v"},
                                                       {"foob", "Zm9vYg=="},
                                                       {"fooba", "Zm9vYmE="},
                                                       {"foobar", "Zm9vYmFy"}};
  for (const auto& [plain, coded] : known) {
    EXPECT_EQ(base64_encode(plain), coded);
    EXPECT_EQ(base64_decode(coded), plain);
  }
  Draws d(3);
  for (size_t n = 0; n < 40; ++n) {
    std::string bytes;
    for (size_t i = 0; i < n; ++i) bytes += char(d.below(256));
    EXPECT_EQ(base64_decode(base64_encode(bytes)), bytes) << n;
  }
}

TEST(Base64, RefusesDamage) {
  for (const char* bad :
       {"Zm9", "Zm9v=", "Z=9v", "Zm=v", "Zm9*", "Zh==", "Zm9=Zm9v", "====", "Zm8 "})
    EXPECT_FALSE(base64_decode(bad).has_value()) << bad;
}
