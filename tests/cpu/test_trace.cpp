// autogemm trace without a GPU: the summary's arithmetic on buffers written the way the tracing
// build writes them (trace.cuh), and the tracing source differs from the served one only by its
// define.
#include <gtest/gtest.h>

#include <vector>

#include "jit/source.hpp"
#include "spec/name.hpp"
#include "trace/trace_summary.hpp"

namespace autogemm::trace {
namespace {

// Two CTAs, one consumer + producer, three items each. Item i of consumer 0 starts at
// 1000 + 1000 i: 100 cycles waiting for data, 600 of mainloop (50 stalled), 200 of epilogue,
// so 100 cycles of gap to the next start.
std::vector<uint64_t> synthetic(const TraceLayout& l) {
  std::vector<uint64_t> w(trace_words(l), 0);
  const size_t region = 5 + size_t(l.roles) * l.items * 5;
  for (int cta = 0; cta < l.ctas; ++cta) {
    uint64_t* h = w.data() + cta * region;
    h[0] = 500;                 // clock at start
    h[1] = 10'000 + 100 * cta;  // ns at start
    h[2] = 500 + 4000;          // clock at consumer 0's exit
    h[3] = h[1] + 2000;         // 2 GHz
    h[4] = 1 + 7 * cta;         // SM 7 * cta, plus one
    for (int item = 0; item < 3; ++item) {
      uint64_t* r = h + 5 + item * 5;
      r[0] = 1000 + 1000 * item;
      r[1] = r[0] + 100;
      r[2] = r[1] + 600;
      r[3] = r[2] + 200;
      r[4] = 50;
      uint64_t* p = h + 5 + (l.items + item) * 5;  // the producer's record
      p[0] = 900 + 1000 * item;
      p[3] = p[0] + 400;
      p[4] = 30 + item;
    }
  }
  return w;
}

TEST(TraceSummary, PhasesClockAndSpread) {
  const TraceLayout l{2, 2, 4};
  const TraceSummary s = summarize(l, synthetic(l));
  EXPECT_DOUBLE_EQ(s.clock_ghz, 2.0);
  EXPECT_DOUBLE_EQ(s.cta_cycles, 4000);
  EXPECT_DOUBLE_EQ(s.exit_spread_ns, 100);
  EXPECT_DOUBLE_EQ(s.start_spread_ns, 100);
  EXPECT_DOUBLE_EQ(s.span_ns, 2100);
  EXPECT_EQ(s.consumer_items, 6u);
  EXPECT_EQ(s.full_records, 0u);
  EXPECT_EQ(s.first_ready.count, 2u);
  EXPECT_EQ(s.ready.count, 4u);
  EXPECT_DOUBLE_EQ(s.ready.mean, 100);
  EXPECT_DOUBLE_EQ(s.mainloop.mean, 600);
  EXPECT_DOUBLE_EQ(s.stalled.mean, 50);
  EXPECT_DOUBLE_EQ(s.epilogue.mean, 200);
  EXPECT_EQ(s.gap.count, 4u);
  EXPECT_DOUBLE_EQ(s.gap.mean, 100);
  EXPECT_EQ(s.producer_waited.count, 6u);
  EXPECT_DOUBLE_EQ(s.producer_waited.p50, 31);
  EXPECT_EQ(s.cta_sm, (std::vector<int>{0, 7}));
  const std::string text = format_summary(s);
  EXPECT_NE(text.find("SM clock 2.000 GHz"), std::string::npos) << text;
  EXPECT_NE(text.find("epilogue"), std::string::npos) << text;
}

// Drift: item i of CTA 1's producer starts 100 ns after CTA 0's in the synthetic buffer, a
// fifth of the 500 ns producer item; when CTA 1's items take 600 ns, the gap grows by 100 ns an
// item, in units of the median item (600 ns: the upper middle of 500, 500, 600, 600).
TEST(TraceSummary, WaveSpreadMeasuresDriftBetweenCtas) {
  const TraceLayout l{2, 2, 4};
  auto w = synthetic(l);
  TraceSummary s = summarize(l, w);
  EXPECT_EQ(s.wave_spread.count, 3u);
  EXPECT_DOUBLE_EQ(s.wave_spread.p50, 0.2);
  EXPECT_DOUBLE_EQ(s.last_wave_spread, 0.2);
  // %globaltimer counts from the epoch: at ~1.7e18 ns a double steps by 256 ns.
  const size_t region = w.size() / 2;
  for (size_t cta = 0; cta < 2; ++cta) {
    w[cta * region + 1] += 1'700'000'000'000'000'000ULL;
    w[cta * region + 3] += 1'700'000'000'000'000'000ULL;
  }
  EXPECT_DOUBLE_EQ(summarize(l, w).wave_spread.p50, 0.2);
  for (int item = 0; item < 3; ++item) w[region + 5 + (l.items + item) * 5] = 900 + 1200 * item;
  s = summarize(l, w);
  EXPECT_NEAR(s.wave_spread.p50, 200.0 / 600, 1e-9);
  EXPECT_NEAR(s.last_wave_spread, 300.0 / 600, 1e-9);
  EXPECT_NE(format_summary(s).find("drift: a wave's producer starts spread over 0.33 items"),
            std::string::npos)
      << format_summary(s);
}

TEST(TraceSummary, AnUnwrittenSmReadsAsMinusOne) {
  const TraceLayout l{2, 2, 4};
  auto w = synthetic(l);
  w[trace_words(l) / 2 + 4] = 0;  // CTA 1's SM word (regions are equal halves)
  EXPECT_EQ(summarize(l, w).cta_sm, (std::vector<int>{0, -1}));
}

TEST(TraceSummary, FullRecordsAreReported) {
  const TraceLayout l{2, 2, 3};  // exactly the three items: the records are full
  EXPECT_EQ(summarize(l, synthetic(l)).full_records, 2u);
}

TEST(TraceSummary, RejectsShortOrEmptyBuffers) {
  const TraceLayout l{2, 2, 4};
  auto w = synthetic(l);
  w.pop_back();
  EXPECT_THROW(summarize(l, w), Error);
  EXPECT_THROW(summarize(l, std::vector<uint64_t>(trace_words(l), 0)), Error);  // never ran
  EXPECT_THROW(summarize(TraceLayout{0, 2, 4}, {}), Error);
}

TEST(TraceSource, OnlyTheDefineDiffers) {
  const KernelSpec spec = parse_name("sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat");
  const std::string plain = jit::kernel_source(spec), traced = jit::kernel_source(spec, true);
  EXPECT_EQ(plain.find("AUTOGEMM_TRACE"), std::string::npos);
  EXPECT_EQ(traced, "#define AUTOGEMM_TRACE 1\n" + plain);
}

TEST(JitDefines, ParsedIntoDefineLinesOrRejected) {
  EXPECT_EQ(jit::parse_jit_defines(""), "");
  EXPECT_EQ(jit::parse_jit_defines("A,B_2=0x10"), "#define A \n#define B_2 0x10\n");
  EXPECT_THROW(jit::parse_jit_defines("A,"), Error);
  EXPECT_THROW(jit::parse_jit_defines("bad name=1"), Error);
  const KernelSpec spec = parse_name("sm90_f16f32_tn_128x256x64_s3_c2x1_coop_persist_r8m_etmat");
  EXPECT_TRUE(jit::kernel_source(spec, false, "#define A \n").starts_with("#define A \n#include"));
}

}  // namespace
}  // namespace autogemm::trace
