// Candidates in flight: what a dead worker leaves behind and what the next one makes of it
// (the culprit measured alone is recorded, a batch's specs become suspects).
#include <gtest/gtest.h>

#include "fork_util.hpp"
#include "tune/attempt_log.hpp"
#include "tune/store.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

TEST(TuneAttempts, DecideLeftovers) {
  const std::vector<Attempt> leftovers = {
      {"w1", "a", 3, "exited with code 4", false},
      {"w1", "b", 3, "exited with code 4", false},
      {"w1", "c", 3, "exited with code 4", false},
      {"w2", "b", 1, "killed by signal 11", false},
      {"w3", "c", 1, "killed after 300 s without progress", true},
      {"w4", "a", 2, "", false},
  };
  const LeftoverPlan plan = decide_leftovers(leftovers);
  ASSERT_EQ(plan.failures.size(), 2u);
  EXPECT_EQ(plan.failures[0].spec, "b");
  EXPECT_EQ(plan.failures[0].status, Status::failed);
  EXPECT_EQ(plan.failures[0].message,
            "launch error: the worker died while measuring this candidate alone (killed by "
            "signal 11)");
  EXPECT_EQ(plan.failures[1].spec, "c");
  EXPECT_EQ(plan.failures[1].status, Status::timeout);
  EXPECT_NE(plan.failures[1].message.find("killed after 300 s"), std::string::npos);
  EXPECT_EQ(plan.suspects, std::vector<std::string>{"a"});

  EXPECT_TRUE(decide_leftovers({}).failures.empty());
  const LeftoverPlan unknown = decide_leftovers({{"w", "x", 1, "", false}});
  ASSERT_EQ(unknown.failures.size(), 1u);
  EXPECT_NE(unknown.failures[0].message.find("no cause recorded"), std::string::npos);
}

// A worker process begins a batch and dies without ending it; the next worker sees the rows,
// with the cause its supervisor noted, and a worker that ended its batch leaves nothing.
TEST(TuneAttempts, DeadWorkersRowsAreLeftovers) {
  ScratchDir dir;
  const std::string path = dir / "s.sqlite";
  const Problem p = problem(512, 512, 512), other = problem(1024, 512, 512);
  { ExperienceStore::open(path); }
  const pid_t child = autogemm::test::spawn([&] {
    auto store = ExperienceStore::open(path);
    AttemptLog log(store);
    log.begin("NVIDIA H200", p, "tidy", {kSpecA});
    log.end("NVIDIA H200", p, "tidy");
    log.begin("NVIDIA H200", p, "dying", {kSpecA, kSpecB});
    _exit(4);  // as a worker whose candidate broke its CUDA context
  });
  EXPECT_EQ(autogemm::test::wait_exit_code(child), 4);

  auto store = ExperienceStore::open(path);
  AttemptLog log(store);
  log.note_end("dying", "exited with code 4", false);
  const auto left = log.leftovers("NVIDIA H200", p, "next");
  ASSERT_EQ(left.size(), 2u);
  EXPECT_EQ(left[0].worker, "dying");
  EXPECT_EQ(left[0].spec, kSpecA);
  EXPECT_EQ(left[1].spec, kSpecB);
  EXPECT_EQ(left[0].batch_size, 2);
  EXPECT_EQ(left[0].ended, "exited with code 4");
  EXPECT_TRUE(log.leftovers("NVIDIA H200", other, "next").empty());
  EXPECT_TRUE(log.leftovers("NVIDIA H100", p, "next").empty());
  EXPECT_TRUE(log.leftovers("NVIDIA H200", p, "dying").empty());  // one's own rows are not

  // The next worker measures a suspect alone, then drops what it acted on.
  log.begin("NVIDIA H200", p, "next", {kSpecA});
  log.forget_others("NVIDIA H200", p, "next");
  EXPECT_TRUE(log.leftovers("NVIDIA H200", p, "next").empty());
  EXPECT_EQ(log.leftovers("NVIDIA H200", p, "after").size(), 1u);
  EXPECT_EQ(log.leftovers("NVIDIA H200", p, "after")[0].batch_size, 1);
}
