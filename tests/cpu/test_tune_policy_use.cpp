// The learned policy in use: the proposer puts its top choices right after the heuristic's
// pick, and the dispatcher asks it for problems not in the table.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <sstream>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/dispatch.hpp"
#include "tune/policy.hpp"
#include "tune/policy_file.hpp"
#include "tune/proposer.hpp"
#include "tune/table.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

// A policy that strongly prefers `s`: each of its field values gets a large bias.
Policy preferring(const KernelSpec& s) {
  Policy p;
  const auto choice = encode(s);
  EXPECT_TRUE(choice) << spec_name(s);
  for (size_t f = 0; f < kNumPolicyFields; ++f) p.bias(f, size_t((*choice)[f])) = 6;
  return p;
}

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(TunePolicyUse, ProposerPutsTheTopChoicesAfterTheHeuristicPick) {
  const Problem p = problem(4096, 4096, 4096);
  const KernelSpec liked = parse_name(kSpecB);
  ASSERT_NE(liked, heuristic_pick(p).spec);
  const Policy policy = preferring(liked);
  ProposalContext ctx;
  ctx.problem = p;
  ctx.policy = &policy;
  ctx.policy_choices = 5;
  const auto proposed = propose(ctx, 12);
  ASSERT_EQ(proposed.size(), 12u);
  EXPECT_EQ(proposed[0], heuristic_pick(p).spec);
  const auto top = policy.top_choices(p, 5);
  EXPECT_EQ(top.front(), liked);
  // After the leading specs (the pick and, at 4096^3, the deferred-store seed).
  const std::vector<KernelSpec> leading = leading_specs(ctx);
  size_t at = leading.size();
  for (const KernelSpec& s : top) {
    if (std::find(leading.begin(), leading.end(), s) != leading.end()) continue;  // already in
    EXPECT_EQ(proposed[at++], s) << at;
  }
  // Without the policy the liked spec is not among the first ones.
  ctx.policy = nullptr;
  const auto plain = propose(ctx, 6);
  EXPECT_EQ(std::find(plain.begin(), plain.end(), liked), plain.end());

  // Tried top choices are not proposed again; later batches search around the incumbent.
  ctx.policy = &policy;
  ctx.tried = proposed;
  ctx.incumbent = liked;
  for (const KernelSpec& s : propose(ctx, 8)) {
    EXPECT_EQ(std::find(proposed.begin(), proposed.end(), s), proposed.end()) << spec_name(s);
    EXPECT_FALSE(validate_problem(s, p));
  }
}

TEST(TunePolicyUse, DispatcherUsesThePolicyForUnseenShapes) {
  const Problem seen = problem(4096, 4096, 4096), unseen = problem(2048, 4096, 1024);
  const KernelSpec liked = parse_name(kSpecB);
  TuningTable table;
  table.gpu = "NVIDIA H200";
  table.add({seen, kSpecA, 190, 200, "cublaslt_autotune_tn", table.gpu, ""});
  Dispatcher d(table, "h200.json");
  d.set_policy(std::make_shared<const Policy>(preferring(liked)), "my.policy.json");
  ASSERT_TRUE(d.policy());

  EXPECT_EQ(d.choose(seen).kind, ChoiceKind::table);
  const Choice c = d.choose(unseen);
  EXPECT_EQ(c.kind, ChoiceKind::policy);
  EXPECT_EQ(c.spec, kSpecB);
  EXPECT_TRUE(contains(c.reason, "not in tuning table h200.json; policy my.policy.json"))
      << c.reason;
  EXPECT_EQ(to_string(c.kind), "policy");
  // What the kernel cannot serve still goes to cuBLASLt.
  EXPECT_EQ(d.choose(problem(4096, 30, 4096)).kind, ChoiceKind::cublaslt_fallback);
  // Another layout: the policy's field values with the problem's types, a valid spec.
  const Problem nn = problem(64, 1024, 1024, Layout::nn);
  const Choice n = d.choose(nn);
  EXPECT_EQ(n.kind, ChoiceKind::policy);
  EXPECT_FALSE(validate_problem(parse_name(n.spec), nn));

  std::ostringstream log;
  d.set_log(&log);
  d.query(unseen);
  EXPECT_TRUE(contains(log.str(), std::string("-> policy ") + kSpecB)) << log.str();

  // Without a policy: the heuristic, as before.
  const Dispatcher plain(table, "h200.json");
  EXPECT_EQ(plain.choose(unseen).kind, ChoiceKind::heuristic);
}

// With a ranker (the cost model) and a policy, the policy proposes and the ranker picks: it is
// handed the policy's top kPolicyProposals choices for the problem.
TEST(TunePolicyUse, RankerScreensThePolicyProposals) {
  const Problem unseen = problem(2048, 4096, 1024);
  const KernelSpec liked = parse_name(kSpecB);
  Dispatcher d(std::nullopt, "", "no table");
  const auto policy = std::make_shared<const Policy>(preferring(liked));
  d.set_policy(policy, "my.policy.json");
  std::vector<KernelSpec> handed;
  d.set_ranker(
      [&](const Problem&, const std::vector<KernelSpec>& proposals) -> std::vector<std::string> {
        handed = proposals;
        return {spec_name(proposals.back())};
      },
      "m.json");
  const Choice c = d.choose(unseen);
  const auto top = policy->top_choices(unseen, Dispatcher::kPolicyProposals);
  ASSERT_EQ(top.size(), Dispatcher::kPolicyProposals);
  EXPECT_EQ(handed, top);
  EXPECT_EQ(top.front(), liked);
  EXPECT_EQ(c.kind, ChoiceKind::cost_model);
  EXPECT_EQ(c.spec, spec_name(top.back()));
  EXPECT_TRUE(contains(c.reason, "cost model m.json")) << c.reason;
  EXPECT_TRUE(contains(c.reason, "and 16 policy proposals")) << c.reason;
}

TEST(TunePolicyUse, DispatcherFindsThePolicyBesideTheTable) {
  ScratchDir dir;
  ScopedEnv no_table("AUTOGEMM_TABLE", "");
  ScopedEnv no_policy("AUTOGEMM_POLICY", "");
  const Problem p = problem(2048, 4096, 1024);
  save_policy(preferring(parse_name(kSpecB)), dir / "nvidia_h200.policy.json");
  const Dispatcher d = Dispatcher::from_environment("NVIDIA H200", dir.path());
  ASSERT_TRUE(d.policy());
  EXPECT_EQ(d.policy_source(), (dir / "nvidia_h200.policy.json").string());
  EXPECT_EQ(d.choose(p).kind, ChoiceKind::policy);
  EXPECT_EQ(d.choose(p).spec, kSpecB);

  // Another GPU: no policy, the heuristic.
  const Dispatcher other = Dispatcher::from_environment("NVIDIA H100", dir.path());
  EXPECT_FALSE(other.policy());
  EXPECT_EQ(other.choose(p).kind, ChoiceKind::heuristic);

  // AUTOGEMM_POLICY overrides the data directory.
  const KernelSpec other_spec = parse_name("sm90_f16f32_tn_64x128x64_s6_c1x1_wg1_persist_r8m_etma");
  save_policy(preferring(other_spec), dir / "mine.json");
  {
    ScopedEnv env("AUTOGEMM_POLICY", (dir / "mine.json").string());
    const Dispatcher mine = Dispatcher::from_environment("NVIDIA H200", dir.path());
    EXPECT_EQ(mine.choose(p).spec, spec_name(other_spec));
    EXPECT_EQ(mine.policy_source(), (dir / "mine.json").string());
  }
  // A policy that is named or present but does not load is an error, never ignored.
  {
    ScopedEnv env("AUTOGEMM_POLICY", (dir / "missing.json").string());
    EXPECT_THROW(Dispatcher::from_environment("NVIDIA H200", dir.path()), Error);
  }
  write_file(dir / "nvidia_h200.policy.json", "{\"format\": \"autogemm-policy\", \"version\": 9}");
  try {
    Dispatcher::from_environment("NVIDIA H200", dir.path());
    ADD_FAILURE() << "a broken policy was accepted";
  } catch (const Error& e) {
    EXPECT_TRUE(contains(e.what(), "nvidia_h200.policy.json': format version 9")) << e.what();
  }
}
