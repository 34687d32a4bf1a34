// `autogemm tune --devices`: the GPU list, each worker's command line, the progress line.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "tune/run_progress.hpp"
#include "tune/store.hpp"
#include "tune/worker_command.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

TEST(TuneWorkerCommand, ParseDevices) {
  EXPECT_EQ(parse_devices("0"), std::vector<int>{0});
  EXPECT_EQ(parse_devices("0,1,3"), (std::vector<int>{0, 1, 3}));
  for (const char* bad : {"", "0,", ",1", "a", "0,x", "-1", "1.5", "0 1", "1,1"})
    EXPECT_THROW(parse_devices(bad), Error) << bad;
  try {
    parse_devices("0,1,1");
    FAIL();
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(),
                 "GPU 1 is named twice in '0,1,1': expected GPU ordinals separated by commas, "
                 "e.g. 0,1,2");
  }
}

TEST(TuneWorkerCommand, WorkerArgs) {
  const std::vector<std::string> parent = {"tune",
                                           "--mnk",
                                           "64_64_64",
                                           "--devices",
                                           "0,1",
                                           "--budget",
                                           "8",
                                           "--gpu_device_id",
                                           "5",
                                           "--out-table",
                                           "t.json",
                                           "--worker-timeout=60",
                                           "--store",
                                           "s.sqlite",
                                           "--max_restarts",
                                           "3",
                                           "--update-table=u.json",
                                           "--benchmark_seconds",
                                           "2"};
  // The protocol (--benchmark_seconds) is the workers' too.
  EXPECT_EQ(worker_args(parent, 1, "R", "R-gpu1-0", false),
            (std::vector<std::string>{"tune", "--mnk", "64_64_64", "--budget", "8", "--store",
                                      "s.sqlite", "--benchmark_seconds", "2", "--gpu_device_id",
                                      "1", "--worker-of", "R", "--worker-id", "R-gpu1-0"}));
  // A replacement resumes; a parent's --resume is passed on once.
  const auto restarted = worker_args(parent, 0, "R", "R-gpu0-1", true);
  EXPECT_EQ(restarted.back(), "--resume");
  auto with_resume = parent;
  with_resume.push_back("--resume");
  const auto resumed = worker_args(with_resume, 0, "R", "R-gpu0-0", false);
  EXPECT_EQ(std::count(resumed.begin(), resumed.end(), "--resume"), 1);
  EXPECT_EQ(std::count(resumed.begin(), resumed.end(), "--devices"), 0);
}

TEST(TuneWorkerCommand, ProgressLine) {
  QueueProgress p;
  p.total = 100;
  p.done = 10;
  p.skipped = 2;
  EXPECT_EQ(progress_line(p, 60, 2, std::nullopt),
            "tune: 12/100 shapes done (2 skipped), 2 workers, ETA 8m48s");
  EXPECT_EQ(progress_line(p, 60, 1, Geomean{1.0234, 10}),
            "tune: 12/100 shapes done (2 skipped), 1 worker, ETA 8m48s, geomean 1.023x over 10");
  QueueProgress start;
  start.total = 5;
  EXPECT_EQ(progress_line(start, 3, 2, std::nullopt), "tune: 0/5 shapes done, 2 workers, ETA ?");
  QueueProgress end;
  end.total = end.done = 5;
  EXPECT_EQ(progress_line(end, 3, 0, std::nullopt), "tune: 5/5 shapes done, 0 workers");
  EXPECT_EQ(short_duration(35), "35s");
  EXPECT_EQ(short_duration(3720), "1h02m");
}

TEST(TuneWorkerCommand, RunningGeomeanFromTheStore) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  const Problem a = problem(512, 512, 512), b = problem(1024, 512, 512), c = problem(64, 64, 64);
  // sample_measurement's reference is 1.05x its time: the best row of each problem counts.
  store.record(sample_measurement(a, kSpecA, 100));
  store.record(sample_measurement(a, kSpecB, 50));
  Measurement slower_ref = sample_measurement(b, kSpecA, 100);
  slower_ref.reference_median_us = 400;
  store.record(slower_ref);
  store.record(sample_measurement(c, kSpecA, 10));  // not asked for
  EXPECT_FALSE(running_geomean(store, {}));
  const auto g = running_geomean(store, {a, b});
  ASSERT_TRUE(g);
  EXPECT_EQ(g->rows, 2);
  EXPECT_NEAR(g->value, std::sqrt(1.05 * 4.0), 1e-9);
}
