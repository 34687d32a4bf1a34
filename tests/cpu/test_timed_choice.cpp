// Timing on the call (runtime/timed_choice.hpp): the pure parts, without a GPU.
#include "runtime/timed_choice.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <initializer_list>
#include <map>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "spec/name.hpp"
#include "spec/validity.hpp"
#include "tune/dispatch.hpp"

namespace autogemm::runtime {
namespace {

// The L2 sizes the trial plan reads (cudaDevAttrL2CacheSize): an H100's 50 MiB, an H200's 60.
constexpr double kH100L2 = 50 << 20;
constexpr double kH200L2 = 60 << 20;

Problem tn(int64_t m, int64_t n, int64_t k) {
  return Problem{{m, n, k}, DType::f16, AccType::f32, Layout::tn};
}

// Each value in `bad` makes `parse` throw an Error naming `variable`.
void expect_refused(int (*parse)(const char*), std::initializer_list<const char*> bad,
                    const std::string& variable) {
  for (const char* text : bad) {
    try {
      parse(text);
      ADD_FAILURE() << variable << "='" << text << "' accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find(variable), std::string::npos) << e.what();
    }
  }
}

TEST(TimedChoice, AutotuneSettingDefaultsToSixAndRefusesNonsense) {
  EXPECT_EQ(parse_autotune(nullptr), 6);
  EXPECT_EQ(parse_autotune(""), 6);
  EXPECT_EQ(parse_autotune("0"), 0);
  EXPECT_EQ(parse_autotune("1"), 1);
  EXPECT_EQ(parse_autotune("16"), 16);
  expect_refused(parse_autotune, {"17", "-1", "x", "6 ", "1.5", "100"}, "AUTOGEMM_AUTOTUNE");
}

TEST(TimedChoice, FixedTwinSettingDefaultsToTwoAndRefusesNonsense) {
  EXPECT_EQ(parse_trial_fixed(nullptr), 2);
  EXPECT_EQ(parse_trial_fixed(""), 2);
  EXPECT_EQ(parse_trial_fixed("0"), 0);
  EXPECT_EQ(parse_trial_fixed("16"), 16);
  expect_refused(parse_trial_fixed, {"17", "-1", "two", " 2"}, "AUTOGEMM_TRIAL_FIXED");
}

// A middle-class trial adds the fixed-shape twins of its first candidates, after all of them;
// one already fixed, one whose twin breaks a rule and one not a spec get none; the large class
// none at all.
TEST(TimedChoice, MiddleTrialsAddFixedShapeTwinsOfTheFirstCandidates) {
  const std::vector<std::string> ranked = {
      "sm90_f16f32_tn_64x128x64_s4_c1x1_wg1_persist_r8m_etmar",
      "sm90_f16f32_tn_128x128x64_s4_c1x1_coop_persist_r8m_etma",
      "sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck8"};
  const Problem p = tn(1000, 2000, 3000);
  const auto got = with_fixed_twins(p, ranked, 2);
  const std::vector<std::string> want = {ranked[0], ranked[1], ranked[2],
                                         ranked[0] + "_fix1000x2000x3000",
                                         ranked[1] + "_fix1000x2000x3000"};
  EXPECT_EQ(got, want);
  EXPECT_EQ(with_fixed_twins(p, ranked, 0), ranked);
  EXPECT_EQ(with_fixed_twins(p, ranked, 16).size(), 6u);  // each candidate's twin, once
  EXPECT_EQ(with_fixed_twins(p, {}, 2), std::vector<std::string>{});
  // Twins never repeat: a list that holds one already gets no second.
  EXPECT_EQ(with_fixed_twins(p, got, 2), got);
  // The large class: unchanged.
  EXPECT_EQ(with_fixed_twins(tn(5000, 6000, 7000), ranked, 2), ranked);
  // K not a multiple of 8 breaks TMA's rule for a compiled-in shape: no twin (the plain spec
  // never runs such a problem either, but the rule is the twin's own).
  EXPECT_EQ(with_fixed_twins(tn(1000, 2000, 3001), ranked, 2), ranked);
  // Not a spec name: left as it is, no twin.
  const std::vector<std::string> odd = {"not_a_spec", ranked[0]};
  EXPECT_EQ(with_fixed_twins(p, odd, 2),
            (std::vector<std::string>{"not_a_spec", ranked[0], ranked[0] + "_fix1000x2000x3000"}));
}

// Decode-like problems are timed whatever their flops, with the swap-AB decode families after
// the model's top half.
TEST(TimedChoice, DecodeLikeProblemsAreTimedWithTheirFamilies) {
  EXPECT_TRUE(decode_like(tn(1, 5120, 5120)));
  EXPECT_TRUE(worth_timing(tn(1, 5120, 5120)));  // 5.2e7 flops, but ~17 us of weight reads
  EXPECT_TRUE(decode_like(tn(64, 2048, 2048)));
  EXPECT_FALSE(decode_like(tn(65, 5120, 5120)));
  EXPECT_FALSE(decode_like(tn(8, 2047, 5120)));
  EXPECT_FALSE(decode_like(tn(8, 5120, 2040)));
  EXPECT_FALSE(worth_timing(tn(8, 1024, 504)));  // small, short K, not decode-like: launch-bound
  // Per M: the 4x1-cluster tile with an L2 prefetch (bn 32 or 64: 8 or 16 rows a CTA), the
  // three-way split (bn 16, 32, 48 or 64), and the unsplit 64-row and (session 54) 128-row tiles
  // with bn M rounded up to 8 (under PDL; their plain launches are twins).
  const std::string t = "sm90_f16f32_tn_";
  const std::pair<int64_t, std::vector<std::string>> families[] = {
      {1,
       {t + "128x32x64_s8_c4x1_coop_persist_r8m_swap_pf4",
        t + "128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
        t + "64x8x64_s8_c1x1_wg1_persist_r8m_swap", t + "128x8x64_s8_c1x1_coop_persist_r8m_swap"}},
      {16,
       {t + "128x32x64_s8_c4x1_coop_persist_r8m_swap_pf4",
        t + "128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
        t + "64x16x64_s8_c1x1_wg1_persist_r8m_swap",
        t + "128x16x64_s8_c1x1_coop_persist_r8m_swap"}},
      {33,
       {t + "128x64x64_s8_c4x1_coop_persist_r8m_swap_pf4",
        t + "128x48x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
        t + "64x40x64_s8_c1x1_wg1_persist_r8m_swap",
        t + "128x40x64_s8_c1x1_coop_persist_r8m_swap"}},
      {48,
       {t + "128x64x64_s8_c4x1_coop_persist_r8m_swap_pf4",
        t + "128x48x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
        t + "64x48x64_s8_c1x1_wg1_persist_r8m_swap",
        t + "128x48x64_s8_c1x1_coop_persist_r8m_swap"}},
      {64,
       {t + "128x64x64_s8_c4x1_coop_persist_r8m_swap_pf4",
        t + "128x64x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
        t + "64x64x64_s8_c1x1_wg1_persist_r8m_swap",
        t + "128x64x64_s8_c1x1_coop_persist_r8m_swap"}}};
  for (const auto& [m, want] : families) EXPECT_EQ(decode_families(tn(m, 5120, 5120)), want) << m;
  // Every family serves every decode-like M in every type and layout (N a multiple of 8 in nn).
  for (const auto& [dtype, acc] :
       {std::pair{DType::f16, AccType::f32}, std::pair{DType::bf16, AccType::f32},
        std::pair{DType::f16, AccType::f16}})
    for (const Layout layout : {Layout::tn, Layout::nn})
      for (int64_t m = 1; m <= 64; ++m) {
        const Problem p{{m, 5120, 4104}, dtype, acc, layout};
        for (const std::string& family : decode_families(p))
          EXPECT_TRUE(tune::with_types_of(family, p)) << family << " M " << m;
      }
  const std::vector<std::string> ranked = {
      "sm90_f16f32_tn_256x8x64_s6_c1x1_coop_tiles_r8m_skp6_swap",
      "sm90_f16f32_tn_128x8x64_s8_c1x1_coop_persist_r8m_swap",
      "sm90_f16f32_tn_64x8x64_s8_c1x1_wg1_persist_r8m_swap",
      "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk12_swap",
      "sm90_f16f32_tn_192x8x64_s8_c1x1_wg3_tiles_r8m_skp4_swap",
      "sm90_f16f32_tn_128x8x64_s8_c1x1_coop_tiles_r8m_skp3_swap"};
  const auto got = trial_candidates(tn(1, 13824, 5120), ranked, 6, 132);
  const std::vector<std::string> want = {
      ranked[0],
      ranked[1],
      ranked[2],
      "sm90_f16f32_tn_128x32x64_s8_c4x1_coop_persist_r8m_swap_pf4",
      "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
      ranked[3]};  // the third family is ranked[2] already: the next ranked spec takes its place
  EXPECT_EQ(got, want);

  // Where the ranking holds none of them, all four families follow the model's top half, past
  // the count; a count of 1 (no trial) keeps the pick alone.
  const std::vector<std::string> others = {
      "sm90_f16f32_tn_64x128x64_s8_c1x4_wg1_persist_r8m_etmar",
      "sm90_f16f32_tn_64x16x128_s4_c1x1_wg1_persist_r8m_sk4_swap",
      "sm90_f16f32_tn_64x96x64_s8_c1x4_wg1_persist_r8m_etmar",
      "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_sk12_swap"};
  const Problem p = tn(16, 13824, 5120);
  std::vector<std::string> all(others.begin(), others.begin() + 3);
  for (const std::string& family : decode_families(p)) all.push_back(family);
  EXPECT_EQ(trial_candidates(p, others, 6, 132), all);  // 7 candidates
  EXPECT_EQ(trial_candidates(p, others, 1, 132), std::vector<std::string>{others[0]});
  EXPECT_TRUE(trial_candidates(p, others, 0, 132).empty());
}

// A decode-like problem's candidates get plain-launch twins (no PDL, so no prefetch), after them
// and each once; other problems' only for split-pass specs without a cluster, and none in the
// large class.
TEST(TimedChoice, PlainLaunchTwinsByClass) {
  const std::vector<std::string> candidates = {
      "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
      "sm90_f16f32_tn_64x8x64_s8_c1x1_wg1_persist_r8m_swap_nopdl",
      "sm90_f16f32_tn_64x8x64_s8_c1x1_wg1_persist_r8m_swap",
      "sm90_f16f32_tn_128x32x64_s8_c4x1_coop_persist_r8m_swap_fix1x13824x5120", "not a spec"};
  const std::vector<std::string> want = {
      candidates[0],
      candidates[1],
      candidates[2],
      candidates[3],
      candidates[4],
      "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_nopdl",
      "sm90_f16f32_tn_128x32x64_s8_c4x1_coop_persist_r8m_swap_nopdl_fix1x13824x5120"};
  EXPECT_EQ(with_plain_launch_twins(tn(1, 13824, 5120), candidates), want);
  // Not decode-like: only the split-pass candidate without a cluster gets one.
  std::vector<std::string> split_only = candidates;
  split_only.push_back(want[5]);
  EXPECT_EQ(with_plain_launch_twins(tn(16, 1024, 5120), candidates), split_only);
  EXPECT_EQ(trial_description(tn(16, 1024, 5120), split_only),
            "the model's top, with plain-launch twins of its split-pass specs and fixed-shape "
            "twins");  // the twin without the PDL spec's pf4; the list holds a _fix spec
  // Nor where that twin does not serve the problem (a 16-row swap tile, M = 256).
  EXPECT_EQ(with_plain_launch_twins(tn(256, 13824, 5120), candidates), candidates);
  EXPECT_EQ(with_plain_launch_twins(tn(64, 131072, 8192), candidates), candidates);  // large class
  EXPECT_TRUE(with_plain_launch_twins(tn(1, 13824, 5120), {}).empty());
}

// Outside the decode-like class: a split-pass spec in a cluster, a stream-K or a data-parallel one
// keeps its PDL launch alone; the trial's description names the split-pass twins.
TEST(TimedChoice, MiddleClassTwinsOnlyClusterFreeSplitPassSpecs) {
  const Problem p = tn(512, 512, 16384);
  const std::vector<std::string> candidates = {
      "sm90_f16f32_tn_128x128x64_s7_c4x1_coop_tiles_r16n_skp7p",
      "sm90_f16f32_tn_64x128x64_s9_c1x1_wg1_tiles_r4m_skp4p_lag2",
      "sm90_f16f32_tn_128x128x64_s6_c1x1_coop_persist_r8m_etma_sk4",
      "sm90_f16f32_tn_64x64x128_s6_c1x1_wg1_persist_r4m_etma"};
  std::vector<std::string> want = candidates;
  want.push_back("sm90_f16f32_tn_64x128x64_s9_c1x1_wg1_tiles_r4m_skp4p_lag2_nopdl");
  const auto got = with_plain_launch_twins(p, candidates);
  EXPECT_EQ(got, want);
  EXPECT_EQ(trial_description(p, got),
            "the model's top, with plain-launch twins of its split-pass specs");
  EXPECT_EQ(trial_description(p, candidates), "the model's top");
  // A PDL and plain pair the rule does not make (a cluster split-K spec): not named a twin.
  EXPECT_EQ(trial_description(p, {"sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck8",
                                  "sm90_f16f32_tn_64x64x64_s8_c1x1_wg1_tiles_r8m_ck8_nopdl"}),
            "the model's top");
}

// The neighbour-order twins: the first one-wave split-pass candidate, in a cluster or not, gets
// one-CTA, piece-major, r8m and r1n twins placed by SM (under PDL); nothing in the large or
// decode-like class, or without such a candidate.
TEST(TimedChoice, NeighbourOrderTwinsOfTheFirstOneWaveSplitCandidate) {
  const Problem p = tn(256, 1024, 16384);
  const std::vector<std::string> candidates = {
      "sm90_f16f32_tn_128x128x64_s6_c1x1_coop_persist_r8m_etma_sk4",
      "sm90_f16f32_tn_128x128x64_s7_c2x1_coop_tiles_r1m_skp8",
      "sm90_f16f32_tn_64x128x64_s8_c2x1_wg1_tiles_r8n_skp4p"};
  std::vector<std::string> want = candidates;
  want.push_back("sm90_f16f32_tn_128x128x64_s7_c1x1_coop_tiles_r8m_skp8p_smid");
  want.push_back("sm90_f16f32_tn_128x128x64_s7_c1x1_coop_tiles_r1n_skp8p_smid");
  EXPECT_EQ(with_neighbour_order_twins(p, candidates, 132), want);
  EXPECT_EQ(trial_description(p, want),
            "the model's top, with neighbour-order twins of a split-pass spec");
  // Neither split candidate's 128 CTAs fit in one wave of 100 SMs.
  EXPECT_EQ(with_neighbour_order_twins(p, candidates, 100), candidates);
  // The large class (the same tiles, so the same one-wave grids) and the decode-like one keep
  // their lists, though the candidate would have twins on a middle shape.
  EXPECT_EQ(with_neighbour_order_twins(tn(256, 1024, 262144), candidates, 132), candidates);
  const std::vector<std::string> narrow = {"sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4"};
  EXPECT_EQ(with_neighbour_order_twins(tn(16, 2048, 8192), narrow, 132), narrow);
  EXPECT_EQ(with_neighbour_order_twins(tn(128, 2048, 8192), narrow, 132).size(), 3u);
  EXPECT_EQ(with_neighbour_order_twins(p, {candidates[0]}, 132),
            std::vector<std::string>{candidates[0]});
  // A twin already listed is not repeated.
  std::vector<std::string> listed = {candidates[1], want[3]};
  EXPECT_EQ(with_neighbour_order_twins(p, listed, 132),
            (std::vector<std::string>{candidates[1], want[3], want[4]}));
  // Plain-launch twins of a two-wave grid: no neighbour-order twins, named as what they are.
  const Problem two_waves = tn(512, 1024, 16384);
  const std::vector<std::string> pair = {
      "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p",
      "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4p_nopdl"};
  EXPECT_EQ(with_neighbour_order_twins(two_waves, pair, 132), pair);  // 256 CTAs: two waves
  EXPECT_EQ(trial_description(two_waves, pair),
            "the model's top, with plain-launch twins of its split-pass specs");
}

// Swap-AB candidates with direct stores get their row-block-epilogue twin, staged in the fewest
// parts that keep the ring where the whole staging leaves it no room (128x288: thirds), else with
// fewer stages (128x304: no part count makes whole 8-row periods of its 152 columns and fits);
// not split-K with the pass, not decode-like problems, not where C's rows are no 16-byte
// multiple.
TEST(TimedChoice, RowBlockTwinsOfSwapAbCandidates) {
  const std::vector<std::string> candidates = {
      "sm90_f16f32_tn_192x104x64_s5_c1x2_wg3_persist_r8m_swap",
      "sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_swap",    // thirds keep s4
      "sm90_f16f32_tn_128x304x64_s4_c2x1_coopn_persist_r8m_swap",    // s3 with the staging
      "sm90_f16f32_tn_128x128x64_s6_c4x2_pp_persist_r8m_etmar",      // not swap-AB
      "sm90_f16f32_tn_128x160x64_s6_c1x1_coop_tiles_r8m_skp3_swap",  // the pass: direct only
      "sm90_f16f32_tn_192x104x64_s5_c1x2_wg3_persist_r8m_etmar_swap", "not a spec"};
  const Problem p = tn(6549, 384, 2432);
  auto got = with_row_block_twins(p, candidates);
  std::vector<std::string> want = candidates;
  want.push_back("sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap");
  want.push_back("sm90_f16f32_tn_128x304x64_s3_c2x1_coopn_persist_r8m_etmar_swap");
  EXPECT_EQ(got, want);  // the first's twin is listed already
  for (const std::string& name : got) {
    if (name == "not a spec") continue;
    EXPECT_FALSE(validate(parse_name(name))) << name;
  }
  // C's rows at 2 x 1001 bytes: no TMA map, no twin.
  EXPECT_EQ(with_row_block_twins(tn(6549, 1001, 2432), candidates), candidates);
  // Decode-like: none.
  EXPECT_EQ(with_row_block_twins(tn(16, 5120, 5120), candidates), candidates);
  // The chain gemm() builds holds them, and its description says so.
  const std::vector<std::string> ranked = {candidates[0], candidates[3]};
  const auto chain = first_call_trial(p, ranked, 132);
  EXPECT_NE(std::find(chain.begin(), chain.end(), candidates[5]), chain.end());
  EXPECT_EQ(trial_description(p, chain),
            "the model's top, row-block twins of its swap-AB specs and fixed-shape twins");
  EXPECT_EQ(trial_description(p, ranked), "the model's top");
}

// The whole chain gemm() builds for a decode-like trial: the pick first, every spec once.
TEST(TimedChoice, DecodeLikeTrialChainKeepsThePickFirstAndNoDuplicates) {
  const Problem p = tn(20, 6912, 2816);
  const std::vector<std::string> ranked = {
      "sm90_f16f32_tn_64x24x64_s8_c1x1_wg1_persist_r8m_swap",
      "sm90_f16f32_tn_128x32x64_s8_c1x1_coop_tiles_r8m_skp3_swap",
      "sm90_f16f32_tn_64x24x64_s8_c1x1_wg1_persist_r8m_swap_nopdl",
      "sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_persist_r8m_sk4_swap"};
  const auto chain =
      with_fixed_twins(p, with_plain_launch_twins(p, trial_candidates(p, ranked, 6, 132)), 2);
  ASSERT_FALSE(chain.empty());
  EXPECT_EQ(chain.front(), ranked[0]);
  for (size_t i = 0; i < chain.size(); ++i)
    for (size_t j = i + 1; j < chain.size(); ++j) EXPECT_NE(chain[i], chain[j]) << chain[i];
  // The families' plain twins and the first two candidates' fixed-shape twins are all there.
  for (const char* want : {"sm90_f16f32_tn_128x32x64_s8_c4x1_coop_persist_r8m_swap_nopdl",
                           "sm90_f16f32_tn_128x32x64_s8_c1x1_coop_tiles_r8m_skp3_swap_nopdl",
                           "sm90_f16f32_tn_64x24x64_s8_c1x1_wg1_persist_r8m_swap_fix20x6912x2816"})
    EXPECT_NE(std::find(chain.begin(), chain.end(), want), chain.end()) << want;
}

// Decode-like trials add the last-piece twin ("_skpNl") of each PDL split-pass candidate whose
// pieces fit in one wave; none for a plain launch, a grid over the SMs, or outside the class.
TEST(TimedChoice, LastPieceTwinsOfOneWaveSplitCandidates) {
  const std::vector<std::string> candidates = {
      "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_persist_r8m_swap",
      "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_pf4",
      "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3_swap_nopdl",
      "sm90_f16f32_tn_64x16x64_s8_c1x1_wg1_tiles_r8m_skp4_swap"};
  // 5120 weight rows: 40 tiles of 128 rows in 3 pieces (120 CTAs) fit; 80 of 64 in 4 (320) do not.
  const Problem p = tn(16, 5120, 13824);
  auto got = with_last_piece_twins(p, candidates, 132);
  ASSERT_EQ(got.size(), candidates.size() + 1);
  EXPECT_TRUE(std::equal(candidates.begin(), candidates.end(), got.begin()));
  EXPECT_EQ(got.back(), "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3l_swap_pf4");
  // On fewer SMs the 120 pieces take two waves: no twin.
  EXPECT_EQ(with_last_piece_twins(p, candidates, 100), candidates);
  // Outside the decode-like class: none.
  EXPECT_EQ(with_last_piece_twins(tn(256, 5120, 13824), candidates, 132), candidates);
  // The chain gemm() builds holds it, once, and its description says so.
  const auto chain = first_call_trial(p, candidates, 132);
  EXPECT_EQ(std::count(chain.begin(), chain.end(),
                       "sm90_f16f32_tn_128x16x64_s8_c1x1_coop_tiles_r8m_skp3l_swap_pf4"),
            1);
  EXPECT_NE(trial_description(p, chain).find("with plain-launch and last-piece twins"),
            std::string::npos)
      << trial_description(p, chain);
  EXPECT_EQ(trial_description(p, candidates).find("last-piece"), std::string::npos)
      << trial_description(p, candidates);
  // Exactly as many pieces as SMs still fit in one wave: 40 tiles x 3 pieces on 120 SMs.
  EXPECT_EQ(with_last_piece_twins(p, candidates, 120).size(), candidates.size() + 1);
  EXPECT_EQ(with_last_piece_twins(p, candidates, 119), candidates);
  // Outside the decode-like class a split_last spec gets no plain-launch twin (that twin is for
  // the reduction pass's blocks).
  const Problem middle = tn(512, 512, 16384);
  const std::vector<std::string> last = {"sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4l",
                                         "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4"};
  const auto twins = with_plain_launch_twins(middle, last);
  ASSERT_EQ(twins.size(), 3u);
  EXPECT_EQ(twins.back(), "sm90_f16f32_tn_64x128x64_s8_c1x1_wg1_tiles_r8m_skp4_nopdl");
}

// Small problems with K >= 512 are timed too: their k-chain, not the launch, sets the call's time.
TEST(TimedChoice, LongKSmallProblemsAreTimed) {
  EXPECT_TRUE(long_k_small(tn(3, 176, 2616)));
  EXPECT_TRUE(worth_timing(tn(3, 176, 2616)));
  EXPECT_TRUE(worth_timing(tn(8, 1024, 512)));
  EXPECT_EQ(kLongKSmall, 512);
  EXPECT_TRUE(long_k_small(tn(1, 64, kLongKSmall)));
  EXPECT_FALSE(long_k_small(tn(1, 64, kLongKSmall - 8)));
  EXPECT_FALSE(worth_timing(tn(1, 64, kLongKSmall - 8)));
  EXPECT_TRUE(long_k_small(tn(100, 100, 4999)));   // 9.998e7
  EXPECT_FALSE(long_k_small(tn(100, 100, 5000)));  // 1e8: the middle class
  EXPECT_TRUE(worth_timing(tn(100, 100, 5000)));
  // Its candidates are the model's ranking, as in the middle class.
  const std::vector<std::string> ranked = {
      "sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_tiles_r8m_ck8",
      "sm90_f16f32_tn_64x32x64_s8_c1x1_wg1_tiles_r8m_ck8_swap"};
  EXPECT_EQ(trial_candidates(tn(3, 176, 2616), ranked, 6, 132), ranked);
}

// The middle and large classes are timed: 2MNK >= 1e8.
TEST(TimedChoice, TheMiddleAndLargeClassesAreTimed) {
  EXPECT_FALSE(worth_timing(tn(64, 64, 64)));
  EXPECT_FALSE(worth_timing(tn(5000, 100, 99)));  // 9.9e7, K short
  EXPECT_TRUE(worth_timing(tn(5000, 100, 100)));  // 1e8
  EXPECT_TRUE(worth_timing(tn(1000, 1512, 1016)));
  EXPECT_TRUE(worth_timing(tn(1, 5120, 13824)));    // decode: 1.4e8
  EXPECT_TRUE(worth_timing(tn(2048, 4096, 4096)));  // 6.9e10
  EXPECT_FALSE(large_class(tn(2048, 4096, 4096)));
  EXPECT_TRUE(worth_timing(tn(4096, 4096, 4096)));  // 1.4e11
  EXPECT_TRUE(large_class(tn(4096, 4096, 4096)));
  EXPECT_TRUE(worth_timing(tn(16384, 16384, 16384)));  // ~13.5 ms a call: a trial of ~0.35 s
  EXPECT_FALSE(worth_timing(tn(32768, 32768, 8192)));  // ~27 ms a call: not worth a trial
}

// The middle class times the model's ranking as it comes; the large class its top half, then
// the other large families in the problem's own types, then the rest of the ranking.
TEST(TimedChoice, LargeTrialsMixOtherFamiliesIntoTheModelsTop) {
  const std::vector<std::string> ranked = {
      "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma",
      "sm90_f16f32_tn_256x128x64_s4_c1x2_coop_persist_r8m_etma",
      "sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat_lag0",
      "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m_etma_sk",
      "sm90_f16f32_tn_192x192x64_s3_c2x1_wg3_persist_r8m_etmat_lag0",
      "sm90_f16f32_tn_128x256x64_s4_c2x2_coop_persist_r8n_etma",
      "sm90_f16f32_tn_128x256x64_s4_c1x1_coop_persist_r8m_etma"};
  // (Below the upper middle, where no wave-filling candidate is added.)
  const auto middle = trial_candidates(tn(1000, 2000, 2000), ranked, 6, 132);
  EXPECT_EQ(middle, std::vector<std::string>(ranked.begin(), ranked.begin() + 6));

  const auto large = trial_candidates(tn(5000, 6000, 7000), ranked, 6, 132);
  const std::string pp_2x1 = "sm90_f16f32_tn_128x192x64_s4_c2x1_pp_persist_r8m_etmar";
  const std::string pp_r16 = "sm90_f16f32_tn_128x192x64_s4_c1x1_pp_persist_r16m_etmar";
  const std::vector<std::string> want = {
      ranked[0], ranked[1], ranked[2],   // the model's top half
      pp_2x1,    pp_r16,    ranked[3]};  // 256x128 c1x2 coop was ranked second already
  EXPECT_EQ(large, want);
  // Fewer candidates: still the pick first, then a family.
  EXPECT_EQ(trial_candidates(tn(5000, 6000, 7000), ranked, 2, 132),
            (std::vector<std::string>{ranked[0], pp_2x1}));
  EXPECT_EQ(trial_candidates(tn(5000, 6000, 7000), ranked, 1, 132),
            std::vector<std::string>{ranked[0]});
  // No ranking or no count: nothing (the caller runs the pick alone).
  EXPECT_TRUE(trial_candidates(tn(5000, 6000, 7000), {}, 6, 132).empty());
  EXPECT_TRUE(trial_candidates(tn(1000, 2000, 3000), ranked, 0, 132).empty());
  // A short ranking with a repeat, and a pick that is itself a family: each spec once.
  const std::vector<std::string> short_ranked = {pp_2x1, ranked[0], pp_2x1};
  EXPECT_EQ(trial_candidates(tn(5000, 6000, 7000), short_ranked, 16, 132),
            (std::vector<std::string>{pp_2x1, ranked[0], pp_r16,
                                      "sm90_f16f32_tn_256x128x64_s4_c1x2_coop_persist_r8m_etma"}));
  // Exactly 1e11 flops is large; one k less is not.
  EXPECT_TRUE(large_class(tn(5000, 10000, 1000)));
  EXPECT_FALSE(large_class(tn(5000, 10000, 999)));

  // Another problem type gets the families in its own types.
  const Problem bf16_nn{{5000, 6000, 7000}, DType::bf16, AccType::f32, Layout::nn};
  std::vector<std::string> ranked_nn;
  for (const auto& s : ranked) {
    const auto converted = tune::with_types_of(s, bf16_nn);
    ASSERT_TRUE(converted) << s;
    ranked_nn.push_back(*converted);
  }
  const auto nn = trial_candidates(bf16_nn, ranked_nn, 6, 132);
  ASSERT_EQ(nn.size(), 6u);
  EXPECT_EQ(nn[3], "sm90_bf16f32_nn_128x192x64_s4_c2x1_pp_persist_r8m_etmar");
  // A problem the families cannot serve (N not a multiple of 8: swap-AB only) gets the ranking,
  // then the best-filling tile of the pool (a swap-AB one here), which the ranking's tiles fill
  // clearly worse; it can run the problem.
  const auto odd = trial_candidates(tn(5000, 6001, 7000), ranked, 6, 132);
  ASSERT_EQ(odd.size(), 7u);
  EXPECT_EQ(std::vector<std::string>(odd.begin(), odd.begin() + 6),
            std::vector<std::string>(ranked.begin(), ranked.begin() + 6));
  EXPECT_NE(odd[6].find("_swap"), std::string::npos) << odd[6];
  const KernelSpec added = parse_name(odd[6]);
  EXPECT_FALSE(validate(added)) << odd[6];
  EXPECT_FALSE(validate_problem(added, tn(5000, 6001, 7000))) << odd[6];
}

// The wave-fill score: a 128x160 tile in 2x4 clusters leaves a quarter of the second wave's
// slots idle on 6989x608 (224 CTAs in two waves of 128 slots) and pads 7% of its area; the
// swap-AB 128x136 in 1x4 clusters (608 rows, 6989 columns) fills 260 of 264 slots.
// A large-class trial adds the pool's best wave-filling spec (the ranking's first kWaveFitScan
// and the best-fitted swap-AB split-N tiles, in clusters of at most 2 CTAs) when the listed
// candidates fill the waves clearly worse, and nothing when they fill as well.
TEST(TimedChoice, LargeTrialsAddTheBestWaveFillingSpec) {
  const std::vector<std::string> ranked = {
      "sm90_f16f32_tn_128x160x64_s5_c2x4_pp_persist_r8m_etmar",
      "sm90_f16f32_tn_128x160x64_s5_c4x2_pp_persist_r8m_etmar",
      "sm90_f16f32_tn_128x160x64_s5_c2x2_pp_persist_r8m_etmar",
      "sm90_f16f32_tn_128x160x64_s5_c2x4_coop_persist_r8m_etmar",
      "sm90_f16f32_tn_128x136x64_s6_c1x2_coop_persist_r8m_swap",
      "sm90_f16f32_tn_128x144x64_s6_c1x2_coop_persist_r8m_swap",
      "sm90_f16f32_tn_128x136x64_s6_c1x4_coop_persist_r8m_swap"};
  // 6989x608: the listed tiles fill 0.81 (fitted_score); the ranking's best in 1-2-CTA clusters
  // is the 128x136 swap (0.863; its 1x4 twin's 0.925 is not a candidate), the wide swap-AB
  // 128x272 in a 1x2 cluster fills one wave of 130 CTAs (0.925): that one.
  const auto few_waves = trial_candidates(tn(6989, 608, 14880), ranked, 6, 132);
  ASSERT_EQ(few_waves.size(), 7u);
  EXPECT_EQ(few_waves[6], "sm90_f16f32_tn_128x272x64_s4_c1x2_coopn_persist_r8m_swap");
  EXPECT_NEAR(*wave_fit_score(tn(6989, 608, 14880), few_waves[6], 132),
              6989.0 * 608 / (130.0 * 128 * 272) * (130.0 / 132), 1e-9);
  // On 8192^3 the listed 128x160 and 128x192 tiles score 0.98: nothing added.
  EXPECT_EQ(trial_candidates(tn(8192, 8192, 8192), ranked, 6, 132).size(), 6u);
}

// Upper-middle problems (2MNK from 1e10, not decode-like) take the wave-filling candidate from the
// wide swap-AB tiles only: on 9210x504x1880 the listed tiles fill 0.74; the ranking's 1x2 swap
// tile at rank 7 fills as well as the one-wave 128x288 in thirds (0.954) and would come first in
// a pool with the ranking (the large class's), but only the latter is taken.
TEST(TimedChoice, UpperMiddleTrialsAddAWideSwapAbTile) {
  const std::vector<std::string> ranked = {
      "sm90_f16f32_tn_128x128x64_s6_c4x2_pp_persist_r8m_etmar",
      "sm90_f16f32_tn_128x128x64_s6_c2x4_pp_persist_r8m_etmar",
      "sm90_f16f32_tn_128x128x64_s6_c4x2_coop_persist_r8m_etmar",
      "sm90_f16f32_tn_128x128x64_s6_c2x4_coop_persist_r8m_etmar",
      "sm90_f16f32_tn_128x128x64_s6_c4x2_coop_persist_r8m_etma",
      "sm90_f16f32_tn_128x256x64_s4_c2x2_coop_persist_r8n_etma",
      "sm90_f16f32_tn_256x152x64_s4_c1x2_coop_persist_r8m_etmar2_swap"};
  const Problem p = tn(9210, 504, 1880);
  const auto trial = trial_candidates(p, ranked, 6, 132);
  ASSERT_EQ(trial.size(), 7u);
  EXPECT_EQ(std::vector<std::string>(trial.begin(), trial.begin() + 6),
            std::vector<std::string>(ranked.begin(), ranked.begin() + 6));
  EXPECT_EQ(trial[6], "sm90_f16f32_tn_128x288x64_s4_c2x1_coopn_persist_r8m_etmar3_swap");
  EXPECT_GE(*wave_fit_score(p, ranked[6], 132), *wave_fit_score(p, trial[6], 132));
  // Below 1e10 (one k-block less than 2MNK = 1e10: 5000 x 1000 x 992), none.
  EXPECT_EQ(trial_candidates(tn(5000, 1000, 992), ranked, 6, 132).size(), 6u);
  EXPECT_GE(trial_candidates(tn(5000, 1000, 1000), ranked, 6, 132).size(), 6u);
  // Decode-like (M = 16 over a weight of 5120 x 131072: 2.1e10): none from the wide tiles.
  for (const std::string& s : trial_candidates(tn(16, 131072, 5120), ranked, 6, 132))
    EXPECT_EQ(s.find("coopn"), std::string::npos) << s;
}

TEST(TimedChoice, WaveFitScoreReadsTheSpecsFrame) {
  const Problem p = tn(6989, 608, 14880);
  const auto normal =
      wave_fit_score(p, "sm90_f16f32_tn_128x160x64_s5_c2x4_pp_persist_r8m_etmar", 132);
  ASSERT_TRUE(normal);
  EXPECT_NEAR(*normal, 6989.0 * 608 / (224.0 * 128 * 160) * (224.0 / 256), 1e-9);
  const auto swapped =
      wave_fit_score(p, "sm90_f16f32_tn_128x136x64_s6_c1x4_coop_persist_r8m_swap", 132);
  ASSERT_TRUE(swapped);
  EXPECT_NEAR(*swapped, 6989.0 * 608 / (260.0 * 128 * 136) * (260.0 / 264), 1e-9);
  // Stream-K and unreadable names have no score.
  EXPECT_FALSE(
      wave_fit_score(p, "sm90_f16f32_tn_256x128x64_s4_c1x1_coop_persist_r8m_etma_sk", 132));
  EXPECT_FALSE(wave_fit_score(p, "not_a_spec", 132));
}

// Short calls are timed in batches of about 20 us and more rounds; long ones one at a time.
TEST(TimedChoice, TrialPlanBatchesShortCallsAndSparesLongOnes) {
  const TrialPlan tiny = trial_plan(tn(64, 64, 64), kH100L2);
  EXPECT_EQ(tiny.batch, 7);  // 3 us floor: ceil(20 / 3)
  EXPECT_EQ(tiny.rounds, 5);
  const TrialPlan mid = trial_plan(tn(2048, 2048, 2048), kH100L2);  // 17 GFLOP: ~26 us
  EXPECT_EQ(mid.batch, 1);
  EXPECT_EQ(mid.rounds, 5);
  EXPECT_EQ(trial_plan(tn(4096, 4096, 4096), kH100L2).rounds, 5);  // ~211 us
  const TrialPlan big = trial_plan(tn(16384, 16384, 16384), kH100L2);
  EXPECT_EQ(big.batch, 1);
  EXPECT_EQ(big.rounds, 3);
  // A memory-bound decode shape: its bytes, not its flops, set the estimate (~47 us), which
  // would time one launch a batch; decode-like batches hold at least kDecodeTrialBatch.
  EXPECT_EQ(trial_plan(tn(1, 5120, 13824), kH100L2).batch, kDecodeTrialBatch);
  EXPECT_EQ(trial_plan(tn(1, 5120, 13824), kH100L2, 8).batch, 8);
  EXPECT_EQ(trial_plan(tn(128, 5120, 13824), kH100L2).batch, 1);  // not decode-like
  EXPECT_EQ(trial_plan(tn(1, 512, 512), kH100L2).batch, 7);
  // Decode-like batches start with one untimed launch; no others do (outside the L2 window).
  EXPECT_EQ(trial_plan(tn(1, 5120, 13824), kH100L2).lead, 1);
  EXPECT_EQ(trial_plan(tn(64, 2048, 2048), kH100L2).lead, 1);
  EXPECT_EQ(trial_plan(tn(1, 512, 512), kH100L2).lead, 0);
  EXPECT_EQ(mid.lead, 0);
  EXPECT_EQ(big.lead, 0);
  EXPECT_EQ(tiny.lead, 0);
  EXPECT_EQ(trial_plan(tn(64, 131072, 8192), kH100L2).lead,
            0);  // decode-like but large: the large trial
}

// The host probe: short calls only, and each candidate's median time per launch on the host.
TEST(TimedChoice, HostProbeTimesShortCallsLaunchesOnTheHost) {
  EXPECT_TRUE(host_probed(tn(7, 3328, 2176)));      // ~4.8 us by the roofline
  EXPECT_FALSE(host_probed(tn(1, 5120, 13824)));    // ~47 us
  EXPECT_FALSE(host_probed(tn(4096, 4096, 4096)));  // ~211 us
  // "slow" sleeps 2 ms a call in every round, "spike" 50 ms a call in its first round only: the
  // median round reads "slow" at 2 ms or more and "spike" below it.
  std::map<std::string, int> launches;
  const std::vector<double> us =
      host_times({"fast", "slow", "spike"}, [&](const std::string& spec) {
        const int n = launches[spec]++;
        if (spec == "slow") std::this_thread::sleep_for(std::chrono::milliseconds(2));
        if (spec == "spike" && n < kHostProbeLaunches)
          std::this_thread::sleep_for(std::chrono::milliseconds(50));
      });
  ASSERT_EQ(us.size(), 3u);
  for (const char* spec : {"fast", "slow", "spike"})
    EXPECT_EQ(launches[spec], kHostProbeRounds * kHostProbeLaunches) << spec;
  EXPECT_GE(us[1], 2000);
  EXPECT_LT(us[0], us[1]);
  EXPECT_LT(us[2], us[1]);  // the one slow round is not the median
  // 2 ms a call is no launch's own cost: that clock is not used.
  EXPECT_FALSE(host_clock_plausible(us));
  EXPECT_TRUE(host_clock_plausible({3.2, 7.9, kHostCallMostUs}));
  EXPECT_FALSE(host_clock_plausible({3.2, kHostCallMostUs + 0.1}));
  EXPECT_TRUE(host_clock_plausible({}));
}

// AUTOGEMM_TRIAL_BATCH raises short batches outside the large class, never lowers one, and
// leaves the large class's one-call batches alone.
TEST(TimedChoice, TrialBatchFloorRaisesShortBatchesOutsideTheLargeClass) {
  EXPECT_EQ(trial_plan(tn(128, 5120, 13824), kH100L2, 4).batch, 4);
  EXPECT_EQ(trial_plan(tn(1, 5120, 13824), kH100L2, 4).lead, 1);
  EXPECT_EQ(trial_plan(tn(2048, 2048, 2048), kH100L2, 8).batch, 8);
  EXPECT_EQ(trial_plan(tn(64, 64, 64), kH100L2, 4).batch, 7);
  EXPECT_EQ(trial_plan(tn(16384, 16384, 16384), kH100L2, 8).batch, 1);
  EXPECT_EQ(trial_plan(tn(128, 5120, 13824), kH100L2, 0).batch, 1);
}

TEST(TimedChoice, TrialBatchSettingDefaultsToThePlanAndRefusesNonsense) {
  EXPECT_EQ(parse_trial_batch(nullptr), 0);
  EXPECT_EQ(parse_trial_batch(""), 0);
  EXPECT_EQ(parse_trial_batch("4"), 4);
  EXPECT_EQ(parse_trial_batch("16"), 16);
  expect_refused(parse_trial_batch, {"17", "-1", "four", "4 "}, "AUTOGEMM_TRIAL_BATCH");
}

// A memory-bound problem whose A, B and C are half to 1.3 times the L2 is timed after 4 launches
// and over at least 8; the L2's size is the device's (H100 50 MiB, H200 60).
TEST(TimedChoice, TrialPlanTimesL2SizedProblemsInTheirSteadyState) {
  const Problem p = tn(4, 8960, 2048);  // 36.8 MB
  EXPECT_TRUE(l2_contested(p, kH100L2));
  EXPECT_EQ(trial_plan(p, kH100L2).lead, 4);
  EXPECT_EQ(trial_plan(p, kH100L2).batch, 8);
  EXPECT_EQ(trial_plan(p, kH100L2).rounds, 5);
  // The bounds scale with the L2: 8x5120x5120 (52.6 MB) is in on both; 8x4096x2816 (23.2 MB) on
  // neither; 8x4096x3328 (27.4 MB) on the H100 only; 8x8192x4864 (79.9 MB) on the H200 only.
  for (double l2 : {kH100L2, kH200L2}) EXPECT_TRUE(l2_contested(tn(8, 5120, 5120), l2));
  for (double l2 : {kH100L2, kH200L2}) EXPECT_FALSE(l2_contested(tn(8, 4096, 2816), l2));
  EXPECT_TRUE(l2_contested(tn(8, 4096, 3328), kH100L2));
  EXPECT_FALSE(l2_contested(tn(8, 4096, 3328), kH200L2));
  EXPECT_FALSE(l2_contested(tn(8, 8192, 4864), kH100L2));
  EXPECT_TRUE(l2_contested(tn(8, 8192, 4864), kH200L2));
  // A, B and C all count: 6866x80x2808 (a middle-class problem) is 40.1 MB, 80x2808 alone 0.45.
  EXPECT_TRUE(l2_contested(tn(6866, 80, 2808), kH100L2));
  EXPECT_EQ(trial_plan(tn(6866, 80, 2808), kH100L2).lead, 4);
  EXPECT_EQ(trial_plan(tn(6866, 80, 2808), kH100L2).batch, 8);
  // Memory-bound only: 1002x2384x8504 (62.4 MB, but 62 us of MMAs against 21 of bytes) is not.
  EXPECT_FALSE(l2_contested(tn(1002, 2384, 8504), kH100L2));
  EXPECT_EQ(trial_plan(tn(1002, 2384, 8504), kH100L2).lead, 0);
  EXPECT_FALSE(l2_contested(tn(8, 5120, 5120), 0));
  EXPECT_EQ(trial_plan(tn(8, 5120, 5120), 0).lead, 1);
  // Outside the window, decode-like problems keep the one-launch lead and a batch of 4, and
  // memory-bound middle-class ones no lead: 6866x80x1024 (15.3 MB, ~5 us) and 6866x80x8192
  // (114.9 MB, ~38 us).
  EXPECT_EQ(trial_plan(tn(1, 5120, 13824), kH100L2).lead, 1);
  EXPECT_EQ(trial_plan(tn(1, 5120, 13824), kH100L2).batch, kDecodeTrialBatch);
  EXPECT_EQ(trial_plan(tn(6866, 80, 1024), kH100L2).lead, 0);
  EXPECT_EQ(trial_plan(tn(6866, 80, 1024), kH100L2).batch, 4);
  EXPECT_EQ(trial_plan(tn(6866, 80, 8192), kH100L2).lead, 0);
  EXPECT_EQ(trial_plan(tn(6866, 80, 8192), kH100L2).batch, 1);
}

TEST(TimedChoice, WinnerIsTheLeastMedianUnlessWithinTheMargin) {
  // Medians 10, 9, 9.95: the second wins by 10%.
  const Winner w = pick_winner({{10, 9, 9.9}, {11, 8, 10}, {10, 20, 9.95}});
  EXPECT_EQ(w.index, 1u);
  EXPECT_DOUBLE_EQ(w.median_us, 9);
  EXPECT_DOUBLE_EQ(w.pick_median_us, 10);
  EXPECT_EQ(w.medians_us, (std::vector<double>{10, 9, 9.95}));
  // 0.5% faster is inside the 1% margin: the pick stays.
  const Winner close = pick_winner({{10, 9.95}, {10, 9.95}});
  EXPECT_EQ(close.index, 0u);
  EXPECT_DOUBLE_EQ(close.median_us, 10);
  EXPECT_EQ(pick_winner({{10, 9.95}}, 0.0).index, 1u);
  // An even number of rounds takes the middle two's mean; one outlier round does not decide.
  const Winner even = pick_winner({{10, 30}, {10, 8}, {12, 8}, {10, 8}});
  EXPECT_EQ(even.index, 1u);
  EXPECT_DOUBLE_EQ(even.median_us, 8);
  EXPECT_DOUBLE_EQ(even.pick_median_us, 10);
  EXPECT_THROW(pick_winner({}), Error);
  EXPECT_DOUBLE_EQ(winner_margin(tn(1000, 2000, 3000)), 0.01);
  EXPECT_DOUBLE_EQ(winner_margin(tn(5000, 6000, 7000)), 0.02);
}

}  // namespace
}  // namespace autogemm::runtime
