// The learned policy: features, the spec <-> field coding, log-probabilities, sampling, top
// choices, training on synthetic data with a planted rule, and the policy file.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <set>

#include "policy_test_util.hpp"
#include "spec/enumerate.hpp"
#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/features.hpp"
#include "tune/heuristic.hpp"
#include "tune/policy.hpp"
#include "tune/policy_file.hpp"
#include "tune/policy_train.hpp"
#include "tune/proposer.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

std::vector<Problem> varied_problems() {
  return {problem(4096, 4096, 4096),
          problem(1, 5120, 13824),
          problem(16, 8192, 8192),
          problem(1000, 1000, 1000, Layout::nn, DType::bf16),
          problem(256, 512, 384, Layout::nn),
          problem(128, 128, 8192),
          problem(37, 30, 64)};  // N not a multiple of 8: only swap-AB specs fit
}

// A policy trained on the synthetic world (planted rule), shared by the tests that need one.
struct Trained {
  std::vector<Problem> train, held_out;
  TrainingData data;
  Policy policy;
  TrainReport report;
};

const Trained& trained() {
  static const Trained t = [] {
    Trained t;
    t.train = synthetic_problems(400, 11);
    t.held_out = synthetic_problems(200, 12, t.train);
    t.data = make_training_data(synthetic_measurements(t.train, 24, 13), {});
    TrainOptions o;
    o.device.sm_count = kSyntheticSms;
    t.report = train_policy(t.policy, t.data.shapes, o);
    return t;
  }();
  return t;
}

struct RuleShares {
  double bn = 0, swap = 0, stream_k = 0, all = 0;
};

// How often the policy's top choice obeys each part of the planted rule on `problems`.
RuleShares rule_shares(const Policy& policy, const std::vector<Problem>& problems) {
  RuleShares r;
  for (const Problem& p : problems) {
    const auto top = policy.top_choices(p, 1);
    if (top.empty()) continue;
    const KernelSpec& s = top.front();
    const bool bn = PlantedRule::bn_ok(p.shape, s), swap = PlantedRule::swap_ok(p.shape, s),
               sk = PlantedRule::stream_k_ok(p.shape, s);
    r.bn += bn;
    r.swap += swap;
    r.stream_k += sk;
    r.all += bn && swap && sk;
  }
  const double n = double(problems.size());
  return {r.bn / n, r.swap / n, r.stream_k / n, r.all / n};
}

bool fits(const KernelSpec& s, const Problem& p) {
  return !validate(s) && !validate_problem(s, p);
}

}  // namespace

TEST(TunePolicy, FeaturesAreFiniteAndScaled) {
  EXPECT_EQ(feature_names().size(), kNumFeatures);
  for (const Problem& p : varied_problems())
    for (const Features& x : {features(p, {}), features(p, DeviceFacts{64, 100000, 1 << 20})}) {
      for (size_t i = 0; i < kNumFeatures; ++i) {
        EXPECT_TRUE(std::isfinite(x[i])) << feature_names()[i];
        EXPECT_LE(std::abs(x[i]), 2.0) << feature_names()[i] << " of " << describe(p);
      }
    }
  // The device matters: fewer SMs, more waves.
  const Problem p = problem(1024, 1024, 1024);
  EXPECT_GT(features(p, DeviceFacts{66})[4], features(p, DeviceFacts{132})[4]);
}

TEST(TunePolicy, FieldCodingRoundTrips) {
  size_t checked = 0;
  for (Layout layout : {Layout::tn, Layout::nn})
    for (const KernelSpec& s : default_sweep(DType::f16, AccType::f32, layout)) {
      const auto choice = encode(s);
      ASSERT_TRUE(choice) << spec_name(s);  // the whole sweep: pdl off, sk_splits, mma_lag 0
      EXPECT_EQ(decode(*choice, problem(64, 64, 64, layout)), s) << spec_name(s);
      ++checked;
    }
  EXPECT_GT(checked, 100u);
  KernelSpec wide_k;
  wide_k.bk = 256;  // no such value: no encoding, rather than a wrong one
  EXPECT_FALSE(encode(wide_k));
  EXPECT_EQ(Policy().log_prob(problem(64, 64, 64), wide_k), -INFINITY);
}

TEST(TunePolicy, SplitPassOrderIsEncoded) {
  // split_pass's values: the counts, then the same counts piece-major ("p"), appended.
  const PolicyField& field = policy_fields()[kNumPolicyFields - 3];
  ASSERT_EQ(field.name, "split_pass");
  EXPECT_EQ(field.values, (std::vector<std::string>{"1", "2", "3", "4", "7", "8", "16", "2p", "3p",
                                                    "4p", "7p", "8p", "16p"}));
  const Problem p = problem(512, 512, 16384);
  for (int pieces : {2, 3, 4, 7, 8, 16})
    for (bool piece_major : {false, true}) {
      KernelSpec s = parse_name("sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_tiles_r8m_skp8");
      s.split_pass = pieces;
      s.split_piece_major = piece_major;
      ASSERT_FALSE(validate(s)) << spec_name(s);
      const auto choice = encode(s);
      ASSERT_TRUE(choice) << spec_name(s);
      EXPECT_EQ(decode(*choice, p), s) << spec_name(s);
    }
  // Who sums the pieces: a field of its own, after split_pass; then whether they are placed by SM.
  EXPECT_EQ(policy_fields()[kNumPolicyFields - 2].name, "split_last");
  KernelSpec last = parse_name("sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_tiles_r8m_skp8pl");
  const auto last_choice = encode(last);
  ASSERT_TRUE(last_choice);
  EXPECT_EQ((*last_choice)[kNumPolicyFields - 2], 1);
  EXPECT_EQ(decode(*last_choice, p), last);
  EXPECT_EQ(policy_fields()[kNumPolicyFields - 1].name, "sm_placed");
  const KernelSpec placed = parse_name("sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r1n_skp8p_smid");
  const auto placed_choice = encode(placed);
  ASSERT_TRUE(placed_choice);
  EXPECT_EQ((*placed_choice)[kNumPolicyFields - 1], 1);
  EXPECT_EQ(decode(*placed_choice, p), placed);
  // A count outside the lists has no encoding in either order.
  KernelSpec five = parse_name("sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_tiles_r8m_skp5p");
  EXPECT_FALSE(encode(five));
  five.split_piece_major = false;
  EXPECT_FALSE(encode(five));
}

TEST(TunePolicy, FileWithoutThePieceMajorValuesLoads) {
  // A policy file written before the "p" values: its seven split_pass rows keep their values,
  // the piece-major ones are unmeasured (never recommended until retrained).
  ScratchDir dir;
  save_policy(trained().policy, dir / "new.json");
  nlohmann::json j = nlohmann::json::parse(std::ifstream(dir / "new.json"));
  bool found = false;
  for (auto& f : j["fields"])
    if (f["name"] == "split_pass") {
      ASSERT_EQ(f["values"].size(), 13u);
      f["values"] =
          nlohmann::json(std::vector<nlohmann::json>(f["values"].begin(), f["values"].begin() + 7));
      f["params"] =
          nlohmann::json(std::vector<nlohmann::json>(f["params"].begin(), f["params"].begin() + 7));
      found = true;
    }
  ASSERT_TRUE(found);
  write_file(dir / "old.json", j.dump(2));
  const Policy old = load_policy(dir / "old.json");
  size_t f = 0;
  while (policy_fields()[f].name != "split_pass") ++f;
  const double* before = trained().policy.params(f).data();
  const double* after = old.params(f).data();
  for (size_t v = 0; v < 13; ++v)
    for (size_t i = 0; i < Policy::kParamsPerValue; ++i) {
      const size_t at = v * Policy::kParamsPerValue + i;
      if (v < 7)
        ASSERT_EQ(after[at], before[at]) << v << " " << i;
      else
        ASSERT_EQ(after[at], i < kNumFeatures ? 0.0 : Policy::kUnmeasuredBias) << v << " " << i;
    }
}

TEST(TunePolicy, FieldsAddedLaterRoundTrip) {
  // One spec per value of the fields the first policies lacked (sk_splits, acc_sets,
  // defer_store, pdl, bk) or had fewer values of (bn, mma_lag).
  std::vector<KernelSpec> specs;
  auto add = [&](auto&& change) {
    KernelSpec s;
    change(s);
    ASSERT_FALSE(validate(s)) << spec_name(s) << ": " << *validate(s);
    specs.push_back(s);
  };
  for (int splits = 2; splits <= 64; ++splits)
    add([&](KernelSpec& s) {
      s.stream_k = true;
      s.sk_splits = splits;
    });
  for (int lag : {0, 2, 3}) add([&](KernelSpec& s) { s.mma_lag = lag; });
  for (int sets : {2, 4})
    add([&](KernelSpec& s) {
      s.bn = 64;
      s.acc_sets = sets;
    });
  add([](KernelSpec& s) {
    s.epilogue = Epilogue::tma_tile;
    s.bn = 128;
    s.defer_store = true;
  });
  add([](KernelSpec& s) { s.pdl = false; });
  for (int bn = 8; bn <= 256; bn += 8)
    add([&](KernelSpec& s) {
      s.bm = 64;
      s.consumers = 1;
      s.bn = bn;
      s.swap_ab = true;
    });
  KernelSpec bk128;
  bk128.bk = 128;  // a field too, for kernels with two swizzle rows per stage
  specs.push_back(bk128);
  const Problem p = problem(64, 64, 64);
  std::set<std::string> names;
  for (const KernelSpec& s : specs) {
    const auto choice = encode(s);
    ASSERT_TRUE(choice) << spec_name(s);
    EXPECT_EQ(decode(*choice, p), s) << spec_name(s);
    EXPECT_TRUE(std::isfinite(Policy().log_prob(p, s))) << spec_name(s);
    names.insert(spec_name(decode(*choice, p)));
  }
  EXPECT_EQ(names.size(), specs.size());
}

TEST(TunePolicy, EveryValidSpecIsEncodable) {
  // Each KernelSpec member over a range wider than the validity rules allow, on bases where its
  // values can be valid: whatever validate() accepts, the policy can express.
  KernelSpec coop, swap, sk, deferred, wg1;
  swap.bm = 64;
  swap.consumers = 1;
  swap.bn = 8;
  swap.swap_ab = true;
  swap.stages = 8;
  sk.stream_k = true;
  sk.stages = 8;
  deferred.bn = 128;
  deferred.epilogue = Epilogue::tma_tile;
  deferred.defer_store = true;
  wg1.bm = 64;
  wg1.bn = 64;
  wg1.consumers = 1;
  wg1.stages = 8;
  using Member = int KernelSpec::*;
  const std::pair<Member, std::pair<int, int>> ranges[] = {
      {&KernelSpec::bm, {0, 320}},        {&KernelSpec::bn, {0, 320}},
      {&KernelSpec::bk, {0, 320}},        {&KernelSpec::stages, {0, 24}},
      {&KernelSpec::consumers, {0, 5}},   {&KernelSpec::cluster_m, {0, 8}},
      {&KernelSpec::cluster_n, {0, 8}},   {&KernelSpec::swizzle, {0, 40}},
      {&KernelSpec::sk_splits, {-1, 80}}, {&KernelSpec::mma_lag, {-1, 6}},
      {&KernelSpec::acc_sets, {0, 8}}};
  size_t valid = 0;
  for (Layout layout : {Layout::tn, Layout::nn})
    for (KernelSpec base : {coop, swap, sk, deferred, wg1})
      for (const auto& [member, range] : ranges)
        for (int v = range.first; v <= range.second; ++v)
          for (bool pingpong : {false, true})
            for (bool pdl : {true, false}) {
              KernelSpec s = base;
              s.layout = layout;
              s.*member = v;
              s.pingpong = pingpong;
              s.pdl = pdl;
              if (validate(s)) continue;
              ++valid;
              EXPECT_TRUE(encode(s)) << spec_name(s);
            }
  EXPECT_GT(valid, 500u);
}

TEST(TunePolicy, EverySpecTheTunerProposesIsEncodable) {
  // The heuristic's picks (stream-K split counts 2 to 16) and the local moves around the sweep.
  const std::vector<Problem> problems = {problem(1, 5120, 13824),  problem(48, 4096, 16384),
                                         problem(17, 8192, 4096),  problem(256, 512, 8192),
                                         problem(4096, 4096, 512), problem(128, 128, 65536),
                                         problem(1024, 640, 9000), problem(8192, 8192, 8192)};
  size_t checked = 0;
  for (const Problem& p : problems) {
    for (int sms : {16, 66, 132}) {
      const KernelSpec h = heuristic_pick(p, DeviceFacts{sms}).spec;
      EXPECT_TRUE(encode(h)) << spec_name(h);
    }
    for (const KernelSpec& from : ranked_sweep(p, {}))
      for (const KernelSpec& s : local_moves(from, p)) {
        EXPECT_TRUE(encode(s)) << spec_name(s);
        ++checked;
      }
  }
  EXPECT_GT(checked, 1000u);
  // A compiled-in shape and the scaled epilogue encode as the plain spec.
  KernelSpec fixed = parse_name(kSpecA);
  const auto plain = encode(fixed);
  fixed.fixed = {4096, 4096, 4096};
  fixed.scaled = true;
  EXPECT_EQ(encode(fixed), plain);
}

TEST(TunePolicy, UntrainedIsUniformAndPicksTheDefaultSpec) {
  const Policy policy;
  const Problem p = problem(4096, 4096, 4096);
  double expected = 0;
  for (const PolicyField& f : policy_fields()) expected -= std::log(double(f.values.size()));
  EXPECT_NEAR(policy.log_prob(p, parse_name(kSpecA)), expected, 1e-12);
  KernelSpec def;
  def.layout = Layout::tn;
  EXPECT_EQ(policy.top_choices(p, 1), std::vector<KernelSpec>{def});
  // Another problem's types: probability zero.
  EXPECT_EQ(policy.log_prob(problem(4096, 4096, 4096, Layout::nn), parse_name(kSpecA)), -INFINITY);
}

TEST(TunePolicy, SamplesAreValidAndFit) {
  std::mt19937_64 rng(7);
  // The untrained policy draws each field uniformly, and few combinations of twenty-one uniform
  // fields are valid (about 1 in 4000 for tn, 1 in 18000 to 74000 for nn, since split_pass has
  // 13 values of which one, 1, most draws need, sm_placed's true needs a split pass, and
  // warpgroups' coopn few others allow): fewer draws, many more tries each.
  for (const Policy* policy : {&trained().policy, static_cast<const Policy*>(nullptr)}) {
    const Policy untrained;
    const Policy& pol = policy ? *policy : untrained;
    const int draws = policy ? 300 : 20, tries = policy ? 1000 : 600000;
    for (const Problem& p : varied_problems()) {
      int drawn = 0;
      for (int i = 0; i < draws; ++i) {
        const auto s = pol.sample(p, rng, {}, tries);
        if (!s) continue;
        ++drawn;
        EXPECT_TRUE(fits(*s, p)) << spec_name(*s) << " on " << describe(p);
        EXPECT_TRUE(std::isfinite(pol.log_prob(p, *s)));
      }
      EXPECT_GT(drawn, draws * 5 / 6) << describe(p) << (policy ? ", trained" : ", untrained");
    }
  }
  // Deterministic for a seed.
  std::mt19937_64 a(99), b(99);
  const Problem p = problem(512, 2048, 1024);
  for (int i = 0; i < 20; ++i)
    EXPECT_EQ(trained().policy.sample(p, a), trained().policy.sample(p, b));
}

TEST(TunePolicy, EnumeratedChoicesAreValidDistinctOrderedAndDeterministic) {
  for (const Policy* pol : {&trained().policy}) {
    for (const Problem& p : varied_problems()) {
      const auto top = pol->enumerated_choices(p, 12);
      ASSERT_EQ(top.size(), 12u) << describe(p);
      std::set<std::string> names;
      for (size_t i = 0; i < top.size(); ++i) {
        EXPECT_TRUE(fits(top[i], p)) << spec_name(top[i]);
        names.insert(spec_name(top[i]));
        if (i > 0) {
          EXPECT_GE(pol->log_prob(p, top[i - 1]), pol->log_prob(p, top[i]));
        }
      }
      EXPECT_EQ(names.size(), top.size());
      // Values no training spec had are left to the sweep fallback, not needed here.
      for (const KernelSpec& s : top)
        for (size_t f = 0; f < kNumPolicyFields; ++f)
          EXPECT_FALSE(pol->unmeasured(f, size_t((*encode(s))[f])))
              << spec_name(s) << " " << policy_fields()[f].name;
      EXPECT_EQ(pol->enumerated_choices(p, 12), top);
      EXPECT_EQ(pol->enumerated_choices(p, 3),
                std::vector<KernelSpec>(top.begin(), top.begin() + 3));
      // No valid spec one field away is more probable than the top choice.
      const double best = pol->log_prob(p, top.front());
      for (const KernelSpec& s : local_moves(top.front(), p))
        EXPECT_LE(pol->log_prob(p, s), best) << spec_name(s) << " beats " << spec_name(top[0]);
    }
  }
}

TEST(TunePolicy, TopChoiceBeatsEveryEnumeratedSpec) {
  // Exactness against brute force over the enumerated space (a subset of the policy's).
  const Policy& pol = trained().policy;
  const Problem p = problem(2048, 1024, 4096);
  const auto top = pol.enumerated_choices(p, 5);
  ASSERT_EQ(top.size(), 5u);
  const double fifth = pol.log_prob(p, top.back());
  const auto all = enumerate_specs(p.dtype, p.acc, p.layout, [&](const KernelSpec& s) {
    return std::find(top.begin(), top.end(), s) == top.end();
  });
  ASSERT_GT(all.size(), 1000u);
  for (const KernelSpec& s : all) ASSERT_LE(pol.log_prob(p, s), fifth) << spec_name(s);
}

// With a library (training sets it), the top choices are its specs that fit, most probable
// first, retyped to the problem; the enumeration only fills what the library cannot.
TEST(TunePolicy, TopChoicesComeFromTheLibrary) {
  const Trained& t = trained();
  const Policy& pol = t.policy;
  ASSERT_FALSE(pol.library.empty());
  // Each training shape's fastest correct spec is in it.
  for (const TrainingShape& shape : t.data.shapes) {
    const auto best = std::max_element(
        shape.samples.begin(), shape.samples.end(),
        [](const TrainingSample& a, const TrainingSample& b) { return a.reward < b.reward; });
    EXPECT_NE(std::find(pol.library.begin(), pol.library.end(), best->spec), pol.library.end());
  }
  EXPECT_LE(pol.library.size(), t.data.shapes.size());
  for (const Problem& p : varied_problems()) {
    const auto top = pol.top_choices(p, 3);
    ASSERT_FALSE(top.empty()) << describe(p);
    for (size_t i = 0; i < top.size(); ++i) {
      EXPECT_TRUE(fits(top[i], p)) << spec_name(top[i]);
      KernelSpec as_trained = top[i];
      as_trained.dtype = pol.library.front().dtype;
      as_trained.acc = pol.library.front().acc;
      as_trained.layout = pol.library.front().layout;
      const bool in_library =
          std::find(pol.library.begin(), pol.library.end(), as_trained) != pol.library.end();
      if (i == 0) {
        EXPECT_TRUE(in_library) << spec_name(top[i]) << " for " << describe(p);
      }
      if (i > 0 && in_library) {
        EXPECT_GE(pol.log_prob(p, top[i - 1]), pol.log_prob(p, top[i]));
      }
    }
    // No library spec that fits is more probable than the first choice.
    for (KernelSpec s : pol.library) {
      s.dtype = p.dtype;
      s.acc = p.acc;
      s.layout = p.layout;
      if (fits(s, p)) {
        EXPECT_LE(pol.log_prob(p, s), pol.log_prob(p, top[0])) << spec_name(s);
      }
    }
  }
  // Without the library the same parameters enumerate.
  Policy bare = pol;
  bare.library.clear();
  const Problem p = problem(2048, 1024, 4096);
  EXPECT_EQ(bare.top_choices(p, 4), pol.enumerated_choices(p, 4));
}

TEST(TunePolicy, TrainingDataFromMeasurements) {
  const Problem a = problem(4096, 4096, 4096), b = problem(64, 64, 64), c = problem(512, 512, 512);
  std::vector<Measurement> rows = {
      sample_measurement(a, kSpecA, 100),  // reference 105: reward log(1.05)
      sample_measurement(a, kSpecB, 200),
      sample_measurement(a, kSpecB, 220),  // measured twice: rewards averaged
      sample_measurement(b, kSpecA, 10),
      sample_measurement(c, kSpecA, 10),
      sample_measurement(c, "sm90_no_such_spec", 5),
      sample_measurement(a, kSpecA, 1, "NVIDIA H100"),
  };
  Measurement failed = sample_measurement(b, kSpecB, 0);
  failed.status = Status::wrong_result;
  failed.median_us.reset();
  rows.push_back(failed);

  EXPECT_THROW(make_training_data(rows, {}), Error);  // two GPUs, none named
  TrainingDataOptions o;
  o.gpu = "NVIDIA H200";
  const TrainingData d = make_training_data(rows, o);
  ASSERT_EQ(d.shapes.size(), 2u);  // c has one usable spec
  EXPECT_EQ(d.shapes_too_few, 1);
  EXPECT_EQ(d.rows_unusable, 1);
  EXPECT_EQ(d.rows, 5);
  const TrainingShape& sa = d.shapes[0].problem == a ? d.shapes[0] : d.shapes[1];
  const TrainingShape& sb = d.shapes[0].problem == b ? d.shapes[0] : d.shapes[1];
  ASSERT_EQ(sa.samples.size(), 2u);
  EXPECT_NEAR(sa.samples[0].reward, std::log(1.05), 1e-12);
  EXPECT_NEAR(sa.samples[1].reward, std::log(1.05), 1e-12);  // both rows: reference 1.05x
  // The failure: below the worst correct reward (and below zero) by the penalty.
  ASSERT_EQ(sb.samples.size(), 2u);
  EXPECT_NEAR(sb.samples[1].reward, 0.0 - o.failure_penalty, 1e-12);

  o.exclude = {a.shape};
  const TrainingData ex = make_training_data(rows, o);
  EXPECT_EQ(ex.shapes.size(), 1u);
  EXPECT_EQ(ex.shapes_excluded, 1);
}

TEST(TunePolicy, LearnsThePlantedRule) {
  const Trained& t = trained();
  ASSERT_GE(t.data.shapes.size(), 390u);
  const RuleShares learned = rule_shares(t.policy, t.held_out);
  const RuleShares untrained = rule_shares(Policy(), t.held_out);
  std::cout << "planted rule on " << t.held_out.size() << " held-out shapes (bn / swap-AB / "
            << "stream-K / all three): trained " << learned.bn << " / " << learned.swap << " / "
            << learned.stream_k << " / " << learned.all << "; untrained " << untrained.bn << " / "
            << untrained.swap << " / " << untrained.stream_k << " / " << untrained.all
            << "; objective " << t.report.objective_before << " -> " << t.report.objective_after
            << ", most probable measured spec is the fastest on " << t.report.best_share_before
            << " -> " << t.report.best_share_after << " of training shapes\n";
  EXPECT_GE(learned.bn, 0.9);
  EXPECT_GE(learned.swap, 0.9);
  EXPECT_GE(learned.stream_k, 0.9);
  EXPECT_GE(learned.all, 0.9);
  // The test can fail: a policy that learned nothing does not meet the rule.
  EXPECT_LT(untrained.all, 0.5);
  EXPECT_LT(untrained.bn, 0.9);
  EXPECT_GT(t.report.objective_after, t.report.objective_before);
}

TEST(TunePolicy, TrainingIsDeterministic) {
  const auto problems = synthetic_problems(60, 21);
  const auto data = make_training_data(synthetic_measurements(problems, 16, 22), {});
  TrainOptions o;
  o.epochs = 40;
  Policy a, b;
  train_policy(a, data.shapes, o);
  train_policy(b, data.shapes, o);
  EXPECT_EQ(a, b);
  o.seed = 5;
  Policy c;
  train_policy(c, data.shapes, o);
  EXPECT_NE(a, c);
  Policy empty;
  EXPECT_THROW(train_policy(empty, {}, o), Error);
}

TEST(TunePolicy, FileRoundTripGivesIdenticalLogProbs) {
  ScratchDir dir;
  const Policy& pol = trained().policy;
  Policy named = pol;
  named.info.gpu = "NVIDIA H200";
  named.info.commit = "abc \"quoted\"";
  named.info.created = "2026-11-21T06:33:08Z";
  save_policy(named, dir / "p.json");
  const Policy loaded = load_policy(dir / "p.json");
  EXPECT_EQ(loaded, named);
  EXPECT_EQ(loaded.info.epochs, TrainOptions{}.epochs);
  for (const Problem& p : varied_problems()) {
    for (const KernelSpec& s : named.top_choices(p, 5))
      EXPECT_EQ(loaded.log_prob(p, s), named.log_prob(p, s)) << spec_name(s);
    EXPECT_EQ(loaded.top_choices(p, 5), named.top_choices(p, 5));
  }
  // Saving again gives the same text.
  EXPECT_EQ(policy_to_json(loaded), policy_to_json(named));
}

TEST(TunePolicy, CorruptFilesAreRejected) {
  ScratchDir dir;
  const std::string good = policy_to_json(trained().policy);
  auto replaced = [&](const std::string& from, const std::string& to) {
    std::string s = good;
    const size_t at = s.find(from);
    EXPECT_NE(at, std::string::npos) << from;
    return s.replace(at, from.size(), to);
  };
  // The pdl field again, listed first.
  std::string twice = good;
  const size_t pdl = good.find("{\"name\": \"pdl\"");
  const std::string fields = "\"fields\": [";
  twice.insert(twice.find(fields) + fields.size(),
               good.substr(pdl, good.find("]]}", pdl) + 3 - pdl) + ",");
  const std::pair<std::string, std::string> cases[] = {
      {good.substr(0, good.size() / 2), "not valid JSON"},
      {twice, "field 16 is \"pdl\" again"},
      {"[1, 2]", "must be a JSON object"},
      {replaced("\"autogemm-policy\"", "\"autogemm-tuning-table\""), "not an autogemm policy"},
      {replaced("\"version\": 1", "\"version\": 2"), "format version 2 is not supported"},
      {replaced("\"log2_m\"", "\"log_m\""), "features"},
      {replaced("\"values\": [\"128\",\"64\"", "\"values\": [\"64\",\"128\""),
       "field \"bm\" has values"},
      {replaced("\"name\": \"bn\"", "\"name\": \"bq\""),
       "field 1 is \"bq\", which this autogemm does not have"},
      {replaced("\"name\": \"bn\"", "\"name\": \"bm\""), "field \"bm\" has values [256, 8"},
      {replaced("\"values\": [\"128\",\"64\"", "\"values\": [\"128\",\"96\""),
       "field \"bm\" has values [128, 96"},
      {replaced("\"values\": [\"128\",\"64\"", "\"values\": [\"128\",\"128\""),
       "field \"bm\" has values [128, 128"},
      {replaced("\"values\": [\"128\",\"64\",\"192\",\"256\"]", "\"values\": []"),
       "field \"bm\" lists no values"},
      {replaced("\"gpu\":", "\"color\": \"red\", \"gpu\":"), "unknown key \"color\""},
      {replaced("\"training\": {\"shapes\"", "\"training\": {\"shapez\""), "missing key"},
      {replaced("]]}", "], [1]]}"), "\"params\" must be an array of"},
      {replaced("\"params\": [\n      [", "\"params\": [\n      [1e999, "), "not valid JSON"},
      {replaced("\"params\": [\n      [", "\"params\": [\n      [\"x\", "), "must hold 18"},
      {replaced("\"library\": [\n    \"sm90_", "\"library\": [\n    \"sm91_"), "library entry 0"},
      {replaced("\"library\": [\n    \"", "\"library\": [\n    7, \""),
       "\"library\" must be an array of strings"},
  };
  int i = 0;
  for (const auto& [text, expected] : cases) {
    const auto path = dir / ("bad" + std::to_string(i++) + ".json");
    write_file(path, text);
    try {
      load_policy(path);
      ADD_FAILURE() << "accepted: " << expected;
    } catch (const Error& e) {
      const std::string what = e.what();
      EXPECT_NE(what.find(path.string()), std::string::npos) << what;
      EXPECT_NE(what.find(expected), std::string::npos) << expected << " not in: " << what;
    }
  }
  try {
    load_policy(dir / "missing.json");
    ADD_FAILURE() << "a missing file was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("missing.json': cannot open"), std::string::npos)
        << e.what();
  }
}

namespace {

// The twelve fields of the policy files written before sk_splits, acc_sets, defer_store, pdl and
// bk were fields, with their value lists then (bn without 24, 40, ..., 248; mma_lag 1 and 0).
std::vector<std::pair<std::string, std::vector<std::string>>> first_fields() {
  std::vector<std::string> bn = {"256", "8"}, stages = {"4", "2", "3"};
  for (int v = 16; v < 256; v += 16) bn.push_back(std::to_string(v));
  for (int v = 5; v <= 16; ++v) stages.push_back(std::to_string(v));
  return {{"bm", {"128", "64", "192", "256"}},
          {"bn", bn},
          {"stages", stages},
          {"cluster", {"1x1", "2x1", "1x2", "2x2", "4x1", "1x4"}},
          {"warpgroups", {"coop", "wg1", "pp", "wg3"}},
          {"epilogue", {"direct", "tma", "tma_tile", "tma_rows"}},
          {"stream_k", {"false", "true"}},
          {"swap_ab", {"false", "true"}},
          {"mma_lag", {"1", "0"}},
          {"persistent", {"true", "false"}},
          {"raster", {"m", "n"}},
          {"swizzle", {"8", "1", "2", "4", "16"}}};
}

// A parameter of the old file: small multiples of 1/64, exact in decimal.
double old_param(size_t field, size_t value, size_t i) {
  return double(int((field * 31 + value * 7 + i * 3) % 13) - 6) / 64;
}

// A policy file as those builds wrote it.
std::string old_policy_text() {
  std::string out =
      "{\n  \"format\": \"autogemm-policy\",\n  \"version\": 1,\n  \"gpu\": \"NVIDIA H200\",\n"
      "  \"created\": \"2026-11-21T06:33:08Z\",\n  \"commit\": \"old\",\n"
      "  \"device\": {\"sm_count\":132,\"smem_per_sm_bytes\":233472,\"l2_bytes\":62914560},\n"
      "  \"training\": {\"shapes\":10,\"samples\":40,\"epochs\":300,\"objective_before\":-0.5,"
      "\"objective_after\":0.25},\n  \"features\": [";
  // A list item: quoted unless a number.
  auto item = [&](size_t i, const std::string& text, bool quote = true) {
    if (i) out += ",";
    if (quote) out += "\"";
    out += text;
    if (quote) out += "\"";
  };
  for (size_t i = 0; i < kNumFeatures; ++i) item(i, std::string(feature_names()[i]));
  out += "],\n  \"fields\": [";
  const auto fields = first_fields();
  for (size_t f = 0; f < fields.size(); ++f) {
    out += f ? ",\n    {\"name\": \"" : "\n    {\"name\": \"";
    out += fields[f].first;
    out += "\", \"values\": [";
    for (size_t v = 0; v < fields[f].second.size(); ++v) item(v, fields[f].second[v]);
    out += "], \"params\": [";
    for (size_t v = 0; v < fields[f].second.size(); ++v) {
      out += v ? ",\n      [" : "\n      [";
      for (size_t i = 0; i < Policy::kParamsPerValue; ++i)
        item(i, std::to_string(old_param(f, v, i)), false);
      out += "]";
    }
    out += "]}";
  }
  return out + "\n  ]\n}\n";
}

}  // namespace

TEST(TunePolicy, TwelveFieldFileLoads) {
  ScratchDir dir;
  write_file(dir / "old.json", old_policy_text());
  const Policy old = load_policy(dir / "old.json");
  EXPECT_EQ(old.info.commit, "old");
  EXPECT_EQ(old.info.samples, 40);
  const auto first = first_fields();
  ASSERT_EQ(policy_fields()[first.size()].name, "sk_splits");  // the added fields come after
  for (size_t f = 0; f < kNumPolicyFields; ++f) {
    const PolicyField& field = policy_fields()[f];
    for (size_t v = 0; v < field.values.size(); ++v) {
      const std::string where = std::string(field.name) + " " + field.values[v];
      const double* row = &old.params(f)[v * Policy::kParamsPerValue];
      // Each of the file's rows goes to the value it names ...
      if (f < first.size()) {
        ASSERT_EQ(field.name, first[f].first);
        const auto& names = first[f].second;
        const auto at = std::find(names.begin(), names.end(), field.values[v]);
        if (at != names.end()) {
          for (size_t i = 0; i < Policy::kParamsPerValue; ++i)
            ASSERT_EQ(row[i], old_param(f, size_t(at - names.begin()), i)) << where;
          continue;
        }
      }
      // ... a field the file lacks keeps its default, a value it lacks is never recommended.
      const bool default_of_missing_field = f >= first.size() && v == 0;
      for (size_t i = 0; i < kNumFeatures; ++i) ASSERT_EQ(row[i], 0.0) << where;
      EXPECT_EQ(row[kNumFeatures], default_of_missing_field ? 0.0 : Policy::kUnmeasuredBias)
          << where;
    }
  }
  // What the old policy chose, it still chooses: the defaults in the added fields, values of
  // the first lists elsewhere.
  for (const Problem& p : varied_problems())
    for (const KernelSpec& s : old.top_choices(p, 5)) {
      EXPECT_EQ(s.sk_splits, 0) << spec_name(s);
      EXPECT_EQ(s.acc_sets, 1) << spec_name(s);
      EXPECT_FALSE(s.defer_store) << spec_name(s);
      EXPECT_TRUE(s.pdl) << spec_name(s);
      EXPECT_EQ(s.bk, 64) << spec_name(s);
      EXPECT_LE(s.mma_lag, 1) << spec_name(s);
      EXPECT_TRUE(s.bn % 16 == 0 || s.bn == 8) << spec_name(s);
    }
  // Saved again, it is a file of this build, and reads back the same.
  save_policy(old, dir / "new.json");
  EXPECT_EQ(load_policy(dir / "new.json"), old);
}
