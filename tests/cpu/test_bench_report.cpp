// Speedups, geomeans and the -max logic; the console summary.
#include <gtest/gtest.h>

#include <cmath>
#include <sstream>

#include "bench/errors.hpp"
#include "bench/report.hpp"
#include "bench/report_output.hpp"

using namespace autogemm;
using namespace autogemm::bench;

namespace {

ResultRow row(Shape s, const std::string& method, double us, Layout l = Layout::nn) {
  ResultRow r;
  r.shape = s;
  r.method = method;
  r.layout = method.ends_with("_tn") ? Layout::tn : l;
  r.mode = "offline";
  if (us > 0)
    r.time = TimeStats{us, us, us, 1};
  else {
    r.status = RowStatus::failed;
    r.message = "correctness: planted";
  }
  return r;
}

const SpeedupSummary& speedup(const Summary& s, const std::string& baseline) {
  for (const auto& x : s.speedups)
    if (x.baseline == baseline) return x;
  throw std::runtime_error("no speedup for " + baseline);
}

const Shape kA{64, 64, 64}, kB{128, 128, 128}, kC{256, 256, 256};

}  // namespace

TEST(Report, Labels) {
  EXPECT_EQ(row_label(row(kA, "cublas_nn", 1)), "cublas_nn");
  EXPECT_EQ(row_label(row(kA, "torch_matmul", 1, Layout::tn)), "torch_matmul_tn");
  ResultRow r = row(kA, "autogemm", 1);
  r.tag = "sm90_x";
  EXPECT_EQ(row_label(r), "autogemm_nn[sm90_x]");
  EXPECT_EQ(family_of("cublaslt_autotune_tn"), "cublaslt_autotune");
  EXPECT_EQ(family_of("torch_matmul_nn"), "torch_matmul");
  EXPECT_EQ(family_of("autogemm_nn[x]"), "autogemm_nn[x]");
}

TEST(Report, PickCandidate) {
  EXPECT_EQ(pick_candidate({"cublas_nn", "autogemm_tn"}, ""), "autogemm_tn");
  EXPECT_EQ(pick_candidate({"cublas_nn", "cublas_tn"}, ""), "cublas_nn");
  EXPECT_EQ(pick_candidate({"cublas_nn", "cublas_tn"}, "cublas_tn"), "cublas_tn");
  EXPECT_THROW(pick_candidate({"cublas_nn"}, "cublas_tn"), InputError);
  EXPECT_EQ(pick_candidate({}, ""), "");
}

TEST(Report, SpeedupGeomeanMeanWins) {
  // Candidate "x_nn" vs "y_nn": ratios 2, 0.5, 1.25 (baseline/candidate).
  const std::vector<ResultRow> rows = {row(kA, "x_nn", 10), row(kA, "y_nn", 20),
                                       row(kB, "x_nn", 10), row(kB, "y_nn", 5),
                                       row(kC, "x_nn", 8),  row(kC, "y_nn", 10)};
  const Summary s = summarize_results(rows, "x_nn");
  const auto& y = speedup(s, "y_nn");
  EXPECT_EQ(y.shapes, 3u);
  EXPECT_NEAR(y.geomean, std::cbrt(2 * 0.5 * 1.25), 1e-12);
  EXPECT_NEAR(y.mean, (2 + 0.5 + 1.25) / 3, 1e-12);
  EXPECT_NEAR(y.win_fraction, 2.0 / 3.0, 1e-12);
  EXPECT_NEAR(s.methods[1].geomean_us, std::cbrt(20.0 * 5 * 10), 1e-9);
  EXPECT_DOUBLE_EQ(s.shapes[1].speedup.at("y_nn"), 0.5);
}

TEST(Report, MaxTakesTheFasterLayoutPerShape) {
  const std::vector<ResultRow> rows = {row(kA, "cand_nn", 10), row(kA, "lib_nn", 12),
                                       row(kA, "lib_tn", 15),  row(kB, "cand_nn", 10),
                                       row(kB, "lib_nn", 30),  row(kB, "lib_tn", 20)};
  const Summary s = summarize_results(rows, "cand_nn");
  const auto& mx = speedup(s, "lib-max");
  EXPECT_TRUE(mx.is_max);
  EXPECT_EQ(mx.shapes, 2u);
  EXPECT_NEAR(mx.geomean, std::sqrt(1.2 * 2.0), 1e-12);  // min(12,15)/10, min(30,20)/10
  EXPECT_DOUBLE_EQ(s.shapes[0].speedup.at("lib-max"), 1.2);
  // No -max for the candidate's own family when it has one member only.
  for (const auto& x : s.speedups) EXPECT_NE(x.baseline, "cand-max");
}

TEST(Report, MaxFallsBackToTheLayoutThatRan) {
  const std::vector<ResultRow> rows = {row(kA, "cand_nn", 10), row(kA, "lib_nn", -1),
                                       row(kA, "lib_tn", 15),  row(kB, "cand_nn", 10),
                                       row(kB, "lib_nn", -1),  row(kB, "lib_tn", -1)};
  const Summary s = summarize_results(rows, "cand_nn");
  const auto& mx = speedup(s, "lib-max");
  EXPECT_EQ(mx.shapes, 1u);  // shape B: both failed, left out
  EXPECT_DOUBLE_EQ(mx.geomean, 1.5);
  EXPECT_EQ(s.methods[1].failed, 2u);
  EXPECT_EQ(s.methods[1].ok, 0u);
  EXPECT_EQ(speedup(s, "lib_nn").shapes, 0u);
}

TEST(Report, FailedCandidateShapesAreLeftOut) {
  const std::vector<ResultRow> rows = {row(kA, "cand_nn", -1), row(kA, "lib_nn", 10),
                                       row(kB, "cand_nn", 5), row(kB, "lib_nn", 10)};
  const Summary s = summarize_results(rows, "cand_nn");
  EXPECT_EQ(speedup(s, "lib_nn").shapes, 1u);
  EXPECT_DOUBLE_EQ(speedup(s, "lib_nn").geomean, 2.0);
}

TEST(Report, RejectsMixedRuns) {
  std::vector<ResultRow> rows = {row(kA, "a_nn", 1), row(kA, "b_nn", 1)};
  rows[1].mode = "server";
  EXPECT_THROW(summarize_results(rows, "a_nn"), InputError);
}

TEST(Report, ConsoleSummaryMentionsEverything) {
  const std::vector<ResultRow> rows = {row(kA, "autogemm", 5, Layout::tn), row(kA, "cublas_nn", 10),
                                       row(kA, "cublas_tn", 8)};
  std::ostringstream out;
  print_summary(summarize_results(rows, "autogemm_tn"), out);
  const std::string text = out.str();
  for (const char* s : {"autogemm_tn", "cublas_nn", "cublas_tn", "cublas-max", "1.600x", "2.000x"})
    EXPECT_NE(text.find(s), std::string::npos) << s << "\n" << text;
  std::ostringstream table;
  print_rows(rows, table);
  EXPECT_NE(table.str().find("64_64_64"), std::string::npos);
}
