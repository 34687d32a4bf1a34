// The shared shape queue of `autogemm tune --devices`: each item claimed once by racing worker
// processes, dead and stale workers' items claimable again, progress counts.
#include <gtest/gtest.h>

#include <set>
#include <vector>

#include "fork_util.hpp"
#include "tune/store.hpp"
#include "tune/work_queue.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;
using autogemm::test::spawn;
using autogemm::test::wait_exit_code;

namespace {

std::vector<Problem> problems(int count) {
  std::vector<Problem> out;
  for (int i = 0; i < count; ++i) out.push_back(problem(64 * (i + 1), 128, 256));
  return out;
}

}  // namespace

TEST(TuneQueue, ClaimsInOrderAndFinishes) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  WorkQueue q(store);
  q.create("run1", problems(3));
  EXPECT_THROW(q.create("run1", problems(1)), Error);

  const auto a = q.claim("run1", "w0");
  const auto b = q.claim("run1", "w1");
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->seq, 0);
  EXPECT_EQ(a->problem, problem(64, 128, 256));
  EXPECT_EQ(b->seq, 1);
  q.finish("run1", a->seq, "w0", ItemEnd::done);
  q.finish("run1", b->seq, "w1", ItemEnd::skipped);
  EXPECT_THROW(q.finish("run1", a->seq, "w0", ItemEnd::done), Error);  // no longer held

  QueueProgress p = q.progress("run1");
  EXPECT_EQ(p.total, 3);
  EXPECT_EQ(p.done, 1);
  EXPECT_EQ(p.skipped, 1);
  EXPECT_EQ(p.pending, 1);
  ASSERT_EQ(p.tuned.size(), 1u);
  EXPECT_EQ(p.tuned[0], a->problem);

  const auto c = q.claim("run1", "w0");
  ASSERT_TRUE(c);
  EXPECT_EQ(c->seq, 2);
  EXPECT_FALSE(q.claim("run1", "w1"));  // the last one is held by a live worker
  // Another run of the same store is a queue of its own.
  q.create("run2", problems(1));
  EXPECT_TRUE(q.claim("run2", "w1"));
}

TEST(TuneQueue, DeadAndStaleWorkersItemsAreClaimableAgain) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  WorkQueue q(store);
  q.create("r", problems(2));
  ASSERT_EQ(q.claim("r", "dead")->seq, 0);
  ASSERT_EQ(q.claim("r", "slow")->seq, 1);
  EXPECT_FALSE(q.claim("r", "new"));

  // The supervisor saw `dead` exit: its item goes back to the queue.
  EXPECT_EQ(q.release("r", "dead"), 1);
  const auto again = q.claim("r", "new");
  ASSERT_TRUE(again);
  EXPECT_EQ(again->seq, 0);
  EXPECT_THROW(q.finish("r", 0, "dead", ItemEnd::done), Error);
  q.finish("r", 0, "new", ItemEnd::done);

  // `slow` beat less recently than the staleness limit allows: its item is taken over.
  EXPECT_FALSE(q.claim("r", "other", 3600));
  const auto stale = q.claim("r", "other", -1);  // any heartbeat is older than "now + 1 s"
  ASSERT_TRUE(stale);
  EXPECT_EQ(stale->seq, 1);
  EXPECT_THROW(q.finish("r", 1, "slow", ItemEnd::done), Error);
  q.finish("r", 1, "other", ItemEnd::done);
}

TEST(TuneQueue, HeartbeatsAreRecordedPerWorker) {
  ScratchDir dir;
  auto store = ExperienceStore::open(dir / "s.sqlite");
  WorkQueue q(store);
  q.create("r", problems(1));
  EXPECT_FALSE(q.worker_beat("r", "w"));
  q.claim("r", "w");
  const auto first = q.worker_beat("r", "w");
  ASSERT_TRUE(first);
  q.heartbeat("r", "w");
  EXPECT_GE(*q.worker_beat("r", "w"), *first);
  // A worker that found nothing to claim still beat (it is alive, about to exit).
  EXPECT_FALSE(q.claim("r", "idle"));
  EXPECT_TRUE(q.worker_beat("r", "idle"));
}

// Four processes drain one queue of 60 items as fast as they can: each item exactly once.
TEST(TuneQueue, RacingWorkersClaimEachItemOnce) {
  ScratchDir dir;
  const std::string path = dir / "s.sqlite";
  {
    auto store = ExperienceStore::open(path);
    WorkQueue(store).create("race", problems(60));
  }
  constexpr int kWorkers = 4;
  int fds[2];
  ASSERT_EQ(pipe(fds), 0);
  std::vector<pid_t> children;
  for (int w = 0; w < kWorkers; ++w)
    children.push_back(spawn([&, w] {
      close(fds[0]);
      auto store = ExperienceStore::open(path);
      WorkQueue q(store);
      const std::string me = "w" + std::to_string(w);
      while (auto item = q.claim("race", me)) {
        q.finish("race", item->seq, me, ItemEnd::done);
        if (write(fds[1], &item->seq, sizeof item->seq) != sizeof item->seq) _exit(2);
      }
    }));
  close(fds[1]);
  std::vector<int64_t> claimed;
  int64_t seq = 0;
  while (read(fds[0], &seq, sizeof seq) == sizeof seq) claimed.push_back(seq);
  close(fds[0]);
  for (pid_t pid : children) EXPECT_EQ(wait_exit_code(pid), 0);

  EXPECT_EQ(claimed.size(), 60u);
  EXPECT_EQ(std::set<int64_t>(claimed.begin(), claimed.end()).size(), 60u);
  auto store = ExperienceStore::open(path);
  EXPECT_EQ(WorkQueue(store).progress("race").done, 60);
}
