// Timing statistics, the correctness rule, the counter-based random numbers.
#include <gtest/gtest.h>

#include <cmath>

#include "bench/check_rule.hpp"
#include "bench/random.hpp"
#include "bench/stats.hpp"

using namespace autogemm;
using namespace autogemm::bench;

TEST(Stats, PercentilesInterpolate) {
  const std::vector<double> v = {5, 1, 4, 2, 3};
  EXPECT_DOUBLE_EQ(median(v), 3);
  EXPECT_DOUBLE_EQ(percentile(v, 0), 1);
  EXPECT_DOUBLE_EQ(percentile(v, 1), 5);
  EXPECT_DOUBLE_EQ(percentile(v, 0.1), 1.4);  // position 0.4 between 1 and 2
  EXPECT_DOUBLE_EQ(percentile(v, 0.9), 4.6);
  EXPECT_DOUBLE_EQ(median({1, 2, 3, 10}), 2.5);
  EXPECT_DOUBLE_EQ(median({7}), 7);
  EXPECT_THROW(median({}), Error);
}

TEST(Stats, Summarize) {
  const TimeStats s = summarize({10, 12, 11, 30, 9, 10, 11});
  EXPECT_DOUBLE_EQ(s.median_us, 11);
  EXPECT_LE(s.p10_us, s.median_us);
  EXPECT_GE(s.p90_us, s.median_us);
  EXPECT_EQ(s.samples, 7u);
}

TEST(Stats, Geomean) {
  EXPECT_DOUBLE_EQ(geomean({2, 8}), 4);
  EXPECT_NEAR(geomean({1.1, 1.1, 1.1}), 1.1, 1e-12);
  EXPECT_NEAR(geomean({0.5, 2}), 1, 1e-12);
  EXPECT_THROW(geomean({1, 0}), Error);
  EXPECT_THROW(geomean({}), Error);
  EXPECT_DOUBLE_EQ(mean({1, 2, 6}), 3);
}

TEST(Stats, Tflops) {
  // 8192^3: 1.0995e12 flop in 1.5 ms -> 733 TFLOP/s.
  EXPECT_NEAR(tflops(2.0 * 8192.0 * 8192.0 * 8192.0, 1500), 733.0, 0.1);
}

TEST(CheckRule, Tolerances) {
  EXPECT_DOUBLE_EQ(tolerance(DType::f16, AccType::f32, 16384), 1e-3);
  EXPECT_DOUBLE_EQ(tolerance(DType::bf16, AccType::f32, 64), 1e-2);
  EXPECT_DOUBLE_EQ(tolerance(DType::f16, AccType::f16, 4), 2e-3);  // the floor
  EXPECT_NEAR(tolerance(DType::f16, AccType::f16, 64), 8.0 / 2048, 1e-15);
  EXPECT_NEAR(tolerance(DType::f16, AccType::f16, 16384), 0.0625, 1e-12);
}

TEST(CheckRule, Judge) {
  CompareSums ok{1e-8, 1.0, 1e-3, 0, 100};  // rel 1e-4
  EXPECT_TRUE(judge(ok, DType::f16, AccType::f32, 64).pass);
  EXPECT_NEAR(judge(ok, DType::f16, AccType::f32, 64).rel_err, 1e-4, 1e-12);

  CompareSums wrong{0.01, 1.0, 0.5, 0, 100};  // rel 0.1
  const auto w = judge(wrong, DType::f16, AccType::f32, 64);
  EXPECT_FALSE(w.pass);
  EXPECT_NE(w.reason.find("rel_err"), std::string::npos);
  EXPECT_TRUE(judge(wrong, DType::f16, AccType::f16, 16384).pass == false);

  CompareSums unwritten{0, 1.0, 0, 3, 100};  // perfect where written, 3 NaNs
  const auto u = judge(unwritten, DType::f16, AccType::f32, 64);
  EXPECT_FALSE(u.pass);
  EXPECT_NE(u.reason.find("3 of 100"), std::string::npos);

  CompareSums empty{};
  EXPECT_FALSE(judge(empty, DType::f16, AccType::f32, 64).pass);
}

TEST(Random, CounterBitsAreDeterministicAndSeedDependent) {
  EXPECT_EQ(counter_bits(1, 5), counter_bits(1, 5));
  EXPECT_NE(counter_bits(1, 5), counter_bits(2, 5));
  EXPECT_NE(counter_bits(1, 5), counter_bits(1, 6));
  EXPECT_NE(derive_seed(9, 1, 1), derive_seed(9, 1, 2));
  EXPECT_NE(derive_seed(9, 1, 1), derive_seed(9, 2, 1));
}

TEST(Random, NormalAndUniformMoments) {
  // The distributions the fill kernels draw from (same header, compiled for the host here).
  const int n = 400000;
  double s1 = 0, s2 = 0, u1 = 0, u2 = 0, umin = 1, umax = -1;
  for (int i = 0; i < n; ++i) {
    const uint64_t bits = counter_bits(2026, uint64_t(i));
    const double z = normal_from_bits(bits), u = uniform_pm1(bits);
    s1 += z;
    s2 += z * z;
    u1 += u;
    u2 += u * u;
    umin = std::min(umin, u);
    umax = std::max(umax, u);
  }
  EXPECT_NEAR(s1 / n, 0.0, 0.01);
  EXPECT_NEAR(s2 / n, 1.0, 0.01);
  EXPECT_NEAR(u1 / n, 0.0, 0.01);
  EXPECT_NEAR(u2 / n, 1.0 / 3.0, 0.01);
  EXPECT_GE(umin, -1.0);
  EXPECT_LT(umax, 1.0);
}
