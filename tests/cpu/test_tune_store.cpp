// Experience store: schema, round trip, queries, --resume progress, refusing bad files.
#include <gtest/gtest.h>

#include <filesystem>

#include "tune/sqlite_db.hpp"
#include "tune/store.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

// The text of the Error `f` throws, or "" when it throws none.
template <typename F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

// Enough rows to span many pages (long messages), with few commits: each commit syncs.
void fill_pages(ExperienceStore& store) {
  for (int i = 0; i < 40; ++i) {
    Measurement m = sample_measurement(problem(64 * (i + 1), 4096, 4096), kSpecA, 10 + i);
    m.message = std::string(2000, char('a' + i % 26));
    store.record(m);
  }
}

}  // namespace

TEST(TuneStore, CreatesSchemaInWalMode) {
  ScratchDir dir;
  const std::string path = dir / "s.sqlite";
  { auto store = ExperienceStore::open(path); }
  SqliteDb db(path);
  Statement mode(db, "PRAGMA journal_mode");
  ASSERT_TRUE(mode.step());
  EXPECT_EQ(mode.column_text(0), "wal");
  Statement version(db, "PRAGMA user_version");
  ASSERT_TRUE(version.step());
  EXPECT_EQ(version.column_int(0), ExperienceStore::kSchemaVersion);
  Statement tables(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
  std::vector<std::string> names;
  while (tables.step()) names.push_back(tables.column_text(0));
  EXPECT_EQ(names, (std::vector<std::string>{"measurements", "shapes_done"}));
}

TEST(TuneStore, RoundTripEveryField) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  Measurement ok = sample_measurement(problem(4096, 4096, 4096), kSpecA, 190.5);
  Measurement failed = sample_measurement(problem(64, 64, 64, Layout::nn, DType::bf16),
                                          "sm90_bf16f32_nn_128x128x64_s4_c1x1_coop_persist_r8m", 0);
  failed.median_us = failed.p10_us = failed.p90_us = failed.rel_err = std::nullopt;
  failed.reference_median_us = std::nullopt;
  failed.reference_method = "";
  failed.status = Status::compile_error;
  failed.message = "nvrtc: error: 'quoted' \"text\"\nsecond line";
  failed.mode = "server";

  ok.id = store.record(ok);
  failed.id = store.record(failed);
  EXPECT_GT(failed.id, ok.id);

  // Reopened from the file: every field as written.
  auto reopened = ExperienceStore::open(dir / "s.sqlite");
  const auto rows = reopened.measurements();
  ASSERT_EQ(rows.size(), 2u);
  EXPECT_EQ(rows[0], ok);
  EXPECT_EQ(rows[1], failed);
}

TEST(TuneStore, FillsInTimestamp) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  Measurement m = sample_measurement(problem(128, 128, 128), kSpecA, 5);
  m.timestamp.clear();
  store.record(m);
  const std::string ts = store.measurements().at(0).timestamp;
  EXPECT_EQ(ts.size(), 20u) << ts;  // 2026-11-21T06:33:08Z
  EXPECT_EQ(ts.back(), 'Z');
}

TEST(TuneStore, FiltersAndBestPerProblem) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  const Problem big = problem(4096, 4096, 4096), small = problem(256, 256, 256);
  store.record(sample_measurement(big, kSpecA, 200));
  store.record(sample_measurement(big, kSpecB, 180));  // best for big
  Measurement wrong = sample_measurement(big, kSpecA, 50);
  wrong.status = Status::wrong_result;  // faster but wrong: never the best
  store.record(wrong);
  store.record(sample_measurement(small, kSpecB, 9));
  store.record(sample_measurement(small, kSpecA, 8));                 // best for small
  store.record(sample_measurement(small, kSpecA, 7, "NVIDIA H100"));  // other GPU
  Measurement offline = sample_measurement(small, kSpecB, 1);
  offline.mode = "offline";
  store.record(offline);

  MeasurementFilter by_shape;
  by_shape.shape = big.shape;
  EXPECT_EQ(store.measurements(by_shape).size(), 3u);
  by_shape.status = Status::ok;
  EXPECT_EQ(store.measurements(by_shape).size(), 2u);
  MeasurementFilter by_gpu;
  by_gpu.gpu_name = "NVIDIA H100";
  EXPECT_EQ(store.measurements(by_gpu).size(), 1u);
  MeasurementFilter by_spec;
  by_spec.spec = kSpecB;
  by_spec.layout = Layout::tn;
  by_spec.dtype = DType::f16;
  by_spec.acc = AccType::f32;
  EXPECT_EQ(store.measurements(by_spec).size(), 3u);

  MeasurementFilter h200_kernel;
  h200_kernel.gpu_name = "NVIDIA H200";
  h200_kernel.mode = "kernel";
  const auto best = store.best_per_problem(h200_kernel);
  ASSERT_EQ(best.size(), 2u);
  EXPECT_EQ(best[0].problem, small);  // ordered by M, N, K
  EXPECT_EQ(best[0].spec, kSpecA);
  EXPECT_EQ(*best[0].median_us, 8);
  EXPECT_EQ(best[1].problem, big);
  EXPECT_EQ(best[1].spec, kSpecB);
  EXPECT_EQ(*best[1].median_us, 180);

  // Without filters: per GPU and mode.
  EXPECT_EQ(store.best_per_problem().size(), 4u);
}

TEST(TuneStore, ShapesDoneForResume) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  const Problem p = problem(4096, 4096, 4096), q = problem(64, 4096, 64, Layout::nn);
  EXPECT_FALSE(store.is_shape_done("NVIDIA H200", p, 32));
  store.mark_shape_done("NVIDIA H200", p, 32, /*finished=*/false);
  EXPECT_FALSE(store.is_shape_done("NVIDIA H200", p, 32));
  store.mark_shape_done("NVIDIA H200", p, 32);
  EXPECT_TRUE(store.is_shape_done("NVIDIA H200", p, 32));
  EXPECT_TRUE(store.is_shape_done("NVIDIA H200", p, 16));
  EXPECT_FALSE(store.is_shape_done("NVIDIA H200", p, 64));  // a larger budget: tune on
  EXPECT_FALSE(store.is_shape_done("NVIDIA H100", p, 32));  // another GPU
  // A later run at a smaller budget neither unfinishes nor lowers it...
  store.mark_shape_done("NVIDIA H200", p, 16, /*finished=*/false);
  store.mark_shape_done("NVIDIA H200", p, 16);
  EXPECT_TRUE(store.is_shape_done("NVIDIA H200", p, 32));
  // ...a larger one starts over.
  store.mark_shape_done("NVIDIA H200", p, 64, /*finished=*/false);
  EXPECT_FALSE(store.is_shape_done("NVIDIA H200", p, 32));
  store.mark_shape_done("NVIDIA H200", p, 64);
  EXPECT_TRUE(store.is_shape_done("NVIDIA H200", p, 64));
  store.mark_shape_done("NVIDIA H200", q, 8);

  const auto done = store.shapes_done("NVIDIA H200");
  ASSERT_EQ(done.size(), 2u);
  EXPECT_EQ(done[0].problem, q);  // nn before tn
  EXPECT_EQ(done[0].budget, 8);
  EXPECT_EQ(done[1].problem, p);
  EXPECT_TRUE(done[1].finished);
  EXPECT_EQ(store.shapes_done().size(), 2u);
  EXPECT_TRUE(store.shapes_done("NVIDIA H100").empty());
}

TEST(TuneStore, Stats) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  const Problem p = problem(4096, 4096, 4096);
  store.record(sample_measurement(p, kSpecA, 200));
  Measurement bad = sample_measurement(p, kSpecB, 0);
  bad.status = Status::timeout;
  bad.message = "no result after 10 s\nwatchdog details";
  store.record(bad);
  store.record(bad);
  store.record(sample_measurement(problem(64, 64, 64), kSpecA, 3, "NVIDIA H100"));
  store.mark_shape_done("NVIDIA H200", p, 32);
  store.mark_shape_done("NVIDIA H100", problem(64, 64, 64), 32, false);
  const StoreStats s = store.stats();
  EXPECT_EQ(s.measurements, 4);
  EXPECT_EQ(s.problems, 2);
  EXPECT_EQ(s.shapes_finished, 1);
  EXPECT_EQ(s.shapes_unfinished, 1);
  using Counts = std::vector<std::pair<std::string, int64_t>>;
  EXPECT_EQ(s.by_status, (Counts{{"ok", 2}, {"timeout", 2}}));
  EXPECT_EQ(s.by_gpu, (Counts{{"NVIDIA H200", 3}, {"NVIDIA H100", 1}}));
  EXPECT_EQ(s.by_mode, (Counts{{"kernel", 4}}));
  using Cause = StoreStats::Cause;
  EXPECT_EQ(s.failure_causes, (std::vector<Cause>{{"timeout", "no result after 10 s", 2}}));
}

// A store holds one timing protocol: a sustained tuning refuses a store with kernel-mode rows
// (and the other way round), naming the store and what it holds; an empty one takes either.
TEST(TuneStore, RequireModeRefusesAnotherProtocolsRows) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  EXPECT_EQ(error_of([&] { require_mode(store, "kernel_sustained"); }), "");
  store.record(sample_measurement(problem(4096, 4096, 4096), kSpecA, 200));
  EXPECT_EQ(error_of([&] { require_mode(store, "kernel"); }), "");
  const std::string e = error_of([&] { require_mode(store, "kernel_sustained"); });
  EXPECT_NE(e.find("s.sqlite"), std::string::npos) << e;
  EXPECT_NE(e.find("1 rows timed without --benchmark_seconds (mode 'kernel')"), std::string::npos)
      << e;
  EXPECT_NE(e.find("a run timed with --benchmark_seconds needs a store of its own: pass another "
                   "--store"),
            std::string::npos)
      << e;
  Measurement sustained = sample_measurement(problem(64, 64, 64), kSpecB, 5);
  sustained.mode = "kernel_sustained";
  store.record(sustained);
  EXPECT_NE(error_of([&] { require_mode(store, "kernel"); }).find("mode 'kernel_sustained'"),
            std::string::npos);
}

TEST(TuneStore, StatusNames) {
  for (Status s : {Status::ok, Status::failed, Status::invalid, Status::timeout,
                   Status::compile_error, Status::wrong_result})
    EXPECT_EQ(parse_status(to_string(s)), s);
  EXPECT_THROW(parse_status("crashed"), Error);
}

TEST(TuneStore, RefusesAFileThatIsNotADatabase) {
  ScratchDir dir;
  const auto path = dir / "notes.sqlite";
  write_file(path, std::string(8192, 'x'));
  const std::string msg = error_of([&] { ExperienceStore::open(path); });
  EXPECT_NE(msg.find(path.string()), std::string::npos) << msg;
  EXPECT_NE(msg.find("corrupt, or not an autogemm experience store"), std::string::npos) << msg;
}

TEST(TuneStore, RefusesAForeignDatabase) {
  ScratchDir dir;
  const auto path = dir / "other.sqlite";
  {
    SqliteDb db(path);
    db.exec("CREATE TABLE customers (name TEXT)");
  }
  const std::string msg = error_of([&] { ExperienceStore::open(path); });
  EXPECT_NE(msg.find(path.string()), std::string::npos) << msg;
  EXPECT_NE(msg.find("another application"), std::string::npos) << msg;
  // ... and left it alone.
  SqliteDb db(path);
  Statement st(db, "SELECT count(*) FROM sqlite_master");
  ASSERT_TRUE(st.step());
  EXPECT_EQ(st.column_int(0), 1);
}

TEST(TuneStore, RefusesANewerSchema) {
  ScratchDir dir;
  const auto path = dir / "s.sqlite";
  { ExperienceStore::open(path); }
  {
    SqliteDb db(path);
    db.exec("PRAGMA user_version = 99");
  }
  const std::string msg = error_of([&] { ExperienceStore::open(path); });
  EXPECT_NE(msg.find("schema version 99"), std::string::npos) << msg;
  EXPECT_NE(msg.find("newer"), std::string::npos) << msg;
}

TEST(TuneStore, CorruptStoreIsAnErrorNotACrash) {
  ScratchDir dir;
  const auto path = dir / "s.sqlite";
  {
    auto store = ExperienceStore::open(path);
    fill_pages(store);
  }  // closed: the WAL is checkpointed into the main file
  ASSERT_FALSE(std::filesystem::exists(path.string() + "-wal"));
  // Overwrite the middle of the file (the B-tree pages) with garbage.
  const auto size = std::filesystem::file_size(path);
  ASSERT_GT(size, 16384u);
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096);
    const std::string junk(size - 8192, '\x5a');
    f.write(junk.data(), std::streamsize(junk.size()));
  }
  const std::string msg = error_of([&] {
    auto store = ExperienceStore::open(path);
    store.measurements();
    store.stats();
  });
  EXPECT_NE(msg.find(path.string()), std::string::npos) << msg;
  EXPECT_NE(msg.find("corrupt"), std::string::npos) << msg;
}

TEST(TuneStore, TruncatedStoreIsAnErrorNotACrash) {
  ScratchDir dir;
  const auto path = dir / "s.sqlite";
  {
    auto store = ExperienceStore::open(path);
    fill_pages(store);
  }
  std::filesystem::resize_file(path, std::filesystem::file_size(path) / 2);
  const std::string msg = error_of([&] {
    auto store = ExperienceStore::open(path);
    store.measurements();
  });
  EXPECT_NE(msg.find(path.string()), std::string::npos) << msg;
  EXPECT_NE(msg.find("corrupt"), std::string::npos) << msg;
}

TEST(TuneStore, UnopenablePathNamesIt) {
  const std::string msg =
      error_of([] { ExperienceStore::open("/nonexistent-dir-autogemm/x/s.sqlite"); });
  EXPECT_NE(msg.find("/nonexistent-dir-autogemm/x/s.sqlite"), std::string::npos) << msg;
}
