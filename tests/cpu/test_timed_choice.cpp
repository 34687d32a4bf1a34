// Timing on the call (runtime/timed_choice.hpp): the pure parts, without a GPU.
#include "runtime/timed_choice.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace autogemm::runtime {
namespace {

Problem tn(int64_t m, int64_t n, int64_t k) {
  return Problem{{m, n, k}, DType::f16, AccType::f32, Layout::tn};
}

TEST(TimedChoice, AutotuneSettingDefaultsToSixAndRefusesNonsense) {
  EXPECT_EQ(parse_autotune(nullptr), 6);
  EXPECT_EQ(parse_autotune(""), 6);
  EXPECT_EQ(parse_autotune("0"), 0);
  EXPECT_EQ(parse_autotune("1"), 1);
  EXPECT_EQ(parse_autotune("16"), 16);
  for (const char* bad : {"17", "-1", "x", "6 ", "1.5", "100"}) {
    try {
      parse_autotune(bad);
      ADD_FAILURE() << bad << " accepted";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("AUTOGEMM_AUTOTUNE"), std::string::npos) << e.what();
    }
  }
}

// Only the middle class is timed: 1e8 <= 2MNK < 1e11.
TEST(TimedChoice, OnlyTheMiddleClassIsTimed) {
  EXPECT_FALSE(worth_timing(tn(64, 64, 64)));
  EXPECT_FALSE(worth_timing(tn(100, 100, 4999)));  // 9.998e7
  EXPECT_TRUE(worth_timing(tn(100, 100, 5000)));   // 1e8
  EXPECT_TRUE(worth_timing(tn(1000, 1512, 1016)));
  EXPECT_TRUE(worth_timing(tn(1, 5120, 13824)));     // decode: 1.4e8
  EXPECT_TRUE(worth_timing(tn(2048, 4096, 4096)));   // 6.9e10
  EXPECT_FALSE(worth_timing(tn(4096, 4096, 4096)));  // 1.4e11
  EXPECT_FALSE(worth_timing(tn(16384, 16384, 16384)));
}

// Short calls are timed in batches of about 20 us and more rounds; long ones one at a time.
TEST(TimedChoice, TrialPlanBatchesShortCallsAndSparesLongOnes) {
  const TrialPlan tiny = trial_plan(tn(64, 64, 64));
  EXPECT_EQ(tiny.batch, 7);  // 3 us floor: ceil(20 / 3)
  EXPECT_EQ(tiny.rounds, 5);
  const TrialPlan mid = trial_plan(tn(2048, 2048, 2048));  // 17 GFLOP: ~26 us
  EXPECT_EQ(mid.batch, 1);
  EXPECT_EQ(mid.rounds, 5);
  EXPECT_EQ(trial_plan(tn(4096, 4096, 4096)).rounds, 3);  // ~211 us
  const TrialPlan big = trial_plan(tn(16384, 16384, 16384));
  EXPECT_EQ(big.batch, 1);
  EXPECT_EQ(big.rounds, 2);
  // A memory-bound decode shape: its bytes, not its flops, set the estimate (~47 us).
  EXPECT_EQ(trial_plan(tn(1, 5120, 13824)).batch, 1);
  EXPECT_EQ(trial_plan(tn(1, 512, 512)).batch, 7);
}

TEST(TimedChoice, WinnerIsTheLeastMedianUnlessWithinTheMargin) {
  // Medians 10, 9, 9.95: the second wins by 10%.
  const Winner w = pick_winner({{10, 9, 9.9}, {11, 8, 10}, {10, 20, 9.95}});
  EXPECT_EQ(w.index, 1u);
  EXPECT_DOUBLE_EQ(w.median_us, 9);
  EXPECT_DOUBLE_EQ(w.pick_median_us, 10);
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
}

}  // namespace
}  // namespace autogemm::runtime
