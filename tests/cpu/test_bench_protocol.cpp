// Loop sizing, round counting, memory planning, progress output.
#include <gtest/gtest.h>

#include <sstream>

#include "bench/errors.hpp"
#include "bench/memory_plan.hpp"
#include "bench/progress.hpp"
#include "bench/protocol.hpp"

using namespace autogemm;
using namespace autogemm::bench;

TEST(Protocol, LoopLengthTargetsHalfAMillisecond) {
  Protocol p;
  EXPECT_EQ(calls_per_loop(Mode::kernel, 5, p, 100), 100);  // 5 µs calls
  EXPECT_EQ(calls_per_loop(Mode::kernel, 250, p, 100), 2);
  EXPECT_EQ(calls_per_loop(Mode::kernel, 13000, p, 100), 1);    // one call is enough
  EXPECT_EQ(calls_per_loop(Mode::kernel, 0.01, p, 100), 1000);  // capped
  EXPECT_EQ(calls_per_loop(Mode::offline, 10, p, 100), 50);
}

TEST(Protocol, ServerLoopsPayThePauses) {
  Protocol p;
  // QPS 100: a call costs ~10 ms of pause; a 20 ms loop holds two calls.
  EXPECT_EQ(calls_per_loop(Mode::server, 10, p, 100), 2);
  EXPECT_EQ(calls_per_loop(Mode::server, 10, p, 1000), 20);
  EXPECT_EQ(calls_per_loop(Mode::server, 10, p, 1), 1);
}

TEST(Protocol, BenchmarkSecondsLengthensLoops) {
  Protocol p;
  p.benchmark_seconds = 0.2;                                 // a twentieth: 10 ms loops
  EXPECT_EQ(calls_per_loop(Mode::kernel, 5, p, 100), 1000);  // 2000 wanted, capped
  EXPECT_EQ(calls_per_loop(Mode::kernel, 100, p, 100), 100);
}

TEST(Protocol, Rounds) {
  Protocol fast;
  EXPECT_TRUE(more_rounds(fast, 6, 0));
  EXPECT_FALSE(more_rounds(fast, 7, 0));
  Protocol timed;
  timed.benchmark_seconds = 1;
  EXPECT_TRUE(more_rounds(timed, 2, 5));     // at least three rounds
  EXPECT_TRUE(more_rounds(timed, 10, 0.5));  // not yet a second
  EXPECT_FALSE(more_rounds(timed, 10, 1.0));
}

TEST(Protocol, ParseNames) {
  EXPECT_EQ(parse_mode("server"), Mode::server);
  EXPECT_EQ(to_string(Mode::offline), "offline");
  EXPECT_THROW(parse_mode("batch"), InputError);
  EXPECT_EQ(parse_data("uniform"), DataDist::uniform);
  EXPECT_THROW(parse_data("zeros"), InputError);
}

TEST(MemoryPlan, RegionsAreDisjointAndAligned) {
  const Regions r = plan_regions({100, 200, 300}, DType::f16, 6);
  EXPECT_EQ(r.a, 0u);
  EXPECT_GE(r.b_nn, 100u * 300 * 2);
  EXPECT_GE(r.b_tn, r.b_nn + 300u * 200 * 2);
  EXPECT_GE(r.c0, r.b_tn + 300u * 200 * 2);
  EXPECT_GE(r.c_stride, 100u * 200 * 2);
  EXPECT_GE(r.ref, r.c0 + 6 * r.c_stride);
  EXPECT_GE(r.total, r.ref + 100u * 200 * 4);
  for (size_t off : {r.b_nn, r.b_tn, r.c0, r.c_stride, r.ref}) EXPECT_EQ(off % 256, 0u);
  // The full grid's largest shape with six methods: 22 bytes per element of 16384^2.
  EXPECT_EQ(plan_regions({16384, 16384, 16384}, DType::f16, 6).total, 22ull * 16384 * 16384);
}

TEST(MemoryPlan, CapacityIsTheLargestNeedThatFits) {
  EXPECT_EQ(plan_capacity({10, 50, 30}, 100, 20), 50u);
  EXPECT_EQ(plan_capacity({10, 90, 30}, 100, 20), 30u);  // 90 does not fit: skipped later
  EXPECT_EQ(plan_capacity({90}, 100, 20), 0u);
  EXPECT_EQ(plan_capacity({10}, 5, 20), 0u);
}

TEST(MemoryPlan, MethodsShareCWhenOnePerMethodDoesNotFit) {
  const Shape big{16384, 16384, 16384};
  const size_t mn = 16384ull * 16384;  // elements of C
  // Inputs (A, B twice) and the fp32 reference: 2 + 4 + 4 bytes per element of 16384^2.
  const size_t base = 10 * mn;
  EXPECT_EQ(outputs_that_fit(big, DType::f16, 190, base + 190 * 2 * mn), 190);
  EXPECT_EQ(outputs_that_fit(big, DType::f16, 190, base + 190 * 2 * mn + 1000), 190);  // capped
  EXPECT_EQ(outputs_that_fit(big, DType::f16, 190, base + 40 * 2 * mn + 2 * mn - 1), 40);
  EXPECT_EQ(outputs_that_fit(big, DType::f16, 190, base + 2 * mn), 1);
  EXPECT_EQ(outputs_that_fit(big, DType::f16, 190, base + 2 * mn - 1), 0);
  // An empty C (M of 0) needs no room per method.
  EXPECT_EQ(outputs_that_fit({0, 64, 64}, DType::f16, 190, size_t(1) << 30), 190);
  // A small shape always gets one C per method.
  EXPECT_EQ(outputs_that_fit({64, 64, 64}, DType::f16, 190, size_t(1) << 30), 190);
  // The plan for the shared count is what it says: it fits the capacity.
  const size_t cap = base + 40 * 2 * mn + 12345;
  const int n = outputs_that_fit(big, DType::f16, 190, cap);
  EXPECT_LE(plan_regions(big, DType::f16, n).total, cap);
  EXPECT_GT(plan_regions(big, DType::f16, n + 1).total, cap);
}

TEST(Progress, Formatting) {
  EXPECT_EQ(format_duration(0), "0:00");
  EXPECT_EQ(format_duration(75), "1:15");
  EXPECT_EQ(format_duration(3725), "1:02:05");
  EXPECT_DOUBLE_EQ(eta_seconds(25, 100, 10), 30);
  EXPECT_DOUBLE_EQ(eta_seconds(100, 100, 10), 0);
}

TEST(Progress, PlainLinesEveryN) {
  std::ostringstream out;
  Progress p(out, 10, false, 4);
  for (size_t i = 1; i <= 10; ++i) p.update(i, double(i), "s");
  p.finish();
  const std::string text = out.str();
  EXPECT_NE(text.find("4/10"), std::string::npos);
  EXPECT_NE(text.find("8/10"), std::string::npos);
  EXPECT_NE(text.find("10/10"), std::string::npos);  // the last one always
  EXPECT_EQ(text.find("3/10"), std::string::npos);
  EXPECT_EQ(text.find('\r'), std::string::npos);
}

TEST(Progress, BarRedrawsInPlace) {
  std::ostringstream out;
  Progress p(out, 4, true, 1);
  p.update(1, 1.0, "64_64_64");
  p.update(2, 2.0, "x");
  p.finish();
  const std::string text = out.str();
  EXPECT_EQ(text.front(), '\r');
  EXPECT_NE(text.find("ETA 0:02"), std::string::npos);
  EXPECT_EQ(text.back(), '\n');
}
