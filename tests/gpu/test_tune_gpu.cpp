// Tune, then dispatch, end to end: `autogemm tune`'s loop on two small shapes fills a store,
// the exported table steers gemm() without a spec, and the tuned kernel computes right.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "core/cuda_check.hpp"
#include "gemm_checker.hpp"
#include "tune/table_ops.hpp"
#include "tune/tuner.hpp"

namespace autogemm {
namespace {

TEST(TuneGpu, TuneExportDispatch) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("autogemm_tune_gpu_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string table_path = (dir / "table.json").string();
  // The dispatcher reads AUTOGEMM_TABLE once per process, at its first choice: set it before
  // anything could choose. The file itself is written below, before the first choose().
  setenv("AUTOGEMM_TABLE", table_path.c_str(), 1);

  tune::TuneOptions o;
  o.shapes = {{256, 512, 384}, {512, 1024, 512}};
  o.dtype = DType::f16;
  o.acc = AccType::f32;
  o.layout = Layout::tn;
  o.budget = 4;
  o.batch = 4;
  o.rounds = 2;
  auto store = tune::ExperienceStore::open((dir / "store.sqlite").string());
  std::ostringstream log;
  const tune::TuneSummary summary = tune::run_tune(o, store, log);
  SCOPED_TRACE(log.str());
  ASSERT_EQ(summary.shapes.size(), 2u);
  EXPECT_GE(store.measurements().size(), 8u);
  const auto done = store.shapes_done();
  ASSERT_EQ(done.size(), 2u);
  for (const auto& d : done) {
    EXPECT_TRUE(d.finished);
    EXPECT_EQ(d.budget, 4);
  }
  for (const auto& m : store.measurements()) {
    EXPECT_EQ(m.env.gpu_name, summary.gpu_name);
    EXPECT_EQ(m.env.gpu_uuid.rfind("GPU-", 0), 0u) << m.env.gpu_uuid;
    if (m.status == tune::Status::ok) {
      EXPECT_TRUE(m.median_us.has_value()) << m.spec;
      EXPECT_TRUE(m.reference_median_us.has_value()) << m.spec;
      EXPECT_EQ(m.reference_method, "cublaslt_autotune_tn");
    } else {
      EXPECT_FALSE(m.message.empty()) << m.spec;
    }
  }

  // --resume: both shapes are done at this budget, so nothing is measured again.
  o.resume = true;
  const size_t rows_before = store.measurements().size();
  std::ostringstream log2;
  EXPECT_EQ(tune::run_tune(o, store, log2).skipped, 2u);
  EXPECT_EQ(store.measurements().size(), rows_before);

  tune::ExportOptions eo;
  eo.gpu = summary.gpu_name;
  const tune::TuningTable table = tune::export_table(store, eo);
  ASSERT_EQ(table.size(), 2u);
  tune::save_table(table, table_path);

  test::GemmChecker gc(1024 * 1024);
  uint64_t seed = 99;
  for (const Shape& s : o.shapes) {
    const Problem p{s, o.dtype, o.acc, o.layout};
    const tune::TableEntry* entry = table.find(p);
    ASSERT_NE(entry, nullptr);
    const Choice choice = choose(p);
    EXPECT_EQ(choice.kind, "table") << choice.reason;
    EXPECT_EQ(choice.spec, entry->spec);
    gc.prepare(p, seed);
    seed += 2;
    ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), nullptr));
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
    const auto verdict = gc.check(p);
    EXPECT_TRUE(verdict.pass) << entry->spec << ": " << verdict.reason;
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace autogemm
