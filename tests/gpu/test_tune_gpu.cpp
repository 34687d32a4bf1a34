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
#include "process_util.hpp"
#include "tune/reference_cache.hpp"
#include "tune/store_algo_cache.hpp"
#include "tune/table_ops.hpp"
#include "tune/tuner.hpp"
#include "tune/user_table.hpp"

namespace autogemm {
namespace {

// An empty directory under the temp dir, named for this process.
std::filesystem::path fresh_dir(const std::string& name) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / (name + "_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

TEST(TuneGpu, TuneExportDispatch) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::filesystem::path dir = fresh_dir("autogemm_tune_gpu");
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

// The sustained protocol: rows go in as mode kernel_sustained (timed in 50 ms loops for at
// least --benchmark_seconds each), export reads that mode, and the store then refuses a
// fast-protocol run, before touching the GPU.
TEST(TuneGpu, SustainedTuningKeepsItsOwnMode) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::filesystem::path dir = fresh_dir("autogemm_tune_sustained");
  tune::TuneOptions o;
  o.shapes = {{512, 1024, 512}};
  o.budget = 2;
  o.batch = 2;
  o.benchmark_seconds = 0.05;
  ASSERT_EQ(tune::timing_mode(o), "kernel_sustained");
  auto store = tune::ExperienceStore::open((dir / "store.sqlite").string());
  std::ostringstream log;
  const tune::TuneSummary summary = tune::run_tune(o, store, log);
  SCOPED_TRACE(log.str());
  const auto rows = store.measurements();
  ASSERT_EQ(rows.size(), 2u);
  for (const auto& m : rows) {
    EXPECT_EQ(m.mode, "kernel_sustained") << m.spec;
    EXPECT_EQ(m.status, tune::Status::ok) << m.spec << ": " << m.message;
  }
  tune::ExportOptions eo;
  eo.gpu = summary.gpu_name;
  eo.mode = "kernel_sustained";
  EXPECT_EQ(tune::export_table(store, eo).size(), 1u);
  o.benchmark_seconds = 0;
  std::ostringstream log2;
  try {
    tune::run_tune(o, store, log2);
    ADD_FAILURE() << "a fast-protocol run into a sustained store was not refused";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("mode 'kernel_sustained'"), std::string::npos) << e.what();
  }
  EXPECT_EQ(store.measurements().size(), 2u);
  std::filesystem::remove_all(dir);
}

// The reference is autotuned once and kept: after a run the store holds cuBLASLt's choice for
// the shape; a kept algorithm cuBLASLt refuses is replaced by a fresh autotune, not used.
TEST(TuneGpu, ReferenceIsKeptAndReplacedWhenRefused) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::filesystem::path dir = fresh_dir("autogemm_tune_ref");
  auto store = tune::ExperienceStore::open((dir / "store.sqlite").string());
  tune::TuneOptions o;
  o.shapes = {{256, 512, 384}};
  o.budget = 2;
  o.batch = 1;  // two batches: the second reuses the first's reference
  o.rounds = 2;
  std::ostringstream log;
  tune::run_tune(o, store, log);
  SCOPED_TRACE(log.str());
  tune::ReferenceCache refs(store);
  const tune::StoreAlgoCache keys(refs, tune::current_environment(0));
  const Problem p{o.shapes[0], o.dtype, o.acc, o.layout};
  const auto key = keys.key(p, "cublaslt_autotune_tn");
  const auto kept = refs.find(key);
  ASSERT_TRUE(kept.has_value());
  EXPECT_EQ(kept->algo.size(), 64u);
  EXPECT_FALSE(kept->description.empty());
  for (const auto& m : store.measurements())
    if (m.status == tune::Status::ok) {
      EXPECT_TRUE(m.reference_median_us.has_value()) << m.spec;
    }

  tune::CachedReference garbage = *kept;
  garbage.algo.assign(64, 0xff);
  refs.put(key, garbage);
  o.budget = 3;  // one more candidate, against a reference that must be found again
  tune::run_tune(o, store, log);
  const auto replaced = refs.find(key);
  ASSERT_TRUE(replaced.has_value());
  EXPECT_NE(replaced->algo, garbage.algo);
  std::filesystem::remove_all(dir);
}

// `autogemm tune --devices 0`: one worker under the parent, the store and the table written.
TEST(TuneGpu, DevicesSmoke) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::filesystem::path dir = fresh_dir("autogemm_tune_devices");
  const auto r = test::run_command(std::string(AUTOGEMM_BINARY) +
                                   " tune --devices 0 --mnk 256_512_384 --mnk 512_512_512 "
                                   "--budget 2 --store " +
                                   (dir / "s.sqlite").string() + " --update-table " +
                                   (dir / "u.json").string() + " 2>&1");
  ASSERT_EQ(r.code, 0) << r.output;
  EXPECT_NE(r.output.find("tune: 2/2 shapes done"), std::string::npos) << r.output;
  EXPECT_EQ(tune::load_table(dir / "u.json").size(), 2u) << r.output;
  std::filesystem::remove_all(dir);
}

// A candidate whose kernel never ends (AUTOGEMM_TEST_NEVER_END, a JIT define the kernel template
// reads only for this): the tuner records it as failed ("hung: ...") and the worker exits 4
// within the hang limit, instead of waiting for ever.
TEST(TuneGpu, AHungCandidateIsRecordedAndTheWorkerExits4) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::filesystem::path dir = fresh_dir("autogemm_tune_hang");
  const std::string store_path = (dir / "s.sqlite").string();
  const auto r = test::run_command(
      // timeout: should the guard fail, the test fails in 90 s rather than hang CTest.
      "AUTOGEMM_HANG_SECONDS=3 AUTOGEMM_JIT_DEFINES=AUTOGEMM_TEST_NEVER_END timeout -k 5 90 " +
      std::string(AUTOGEMM_BINARY) + " tune --mnk 256_512_384 --budget 1 --batch 1 --store " +
      store_path + " 2>&1");
  EXPECT_EQ(r.code, 4) << r.output;
  EXPECT_NE(r.output.find("the candidate is recorded as failed"), std::string::npos) << r.output;
  auto store = tune::ExperienceStore::open(store_path);
  const auto rows = store.measurements();
  ASSERT_EQ(rows.size(), 1u) << r.output;
  EXPECT_EQ(rows[0].status, tune::Status::failed);
  EXPECT_EQ(rows[0].message.rfind("hung: ", 0), 0u) << rows[0].message;
  EXPECT_NE(rows[0].message.find("no completion within 3 s"), std::string::npos) << rows[0].message;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace autogemm
