// The parent of `autogemm tune --devices`: fake workers (forked processes that drain the queue
// as real ones do) that fault, hang or fail; the parent restarts the first two with --resume,
// counts the third, and the queue ends complete.
#include <gtest/gtest.h>
#include <signal.h>

#include <chrono>
#include <sstream>
#include <thread>

#include "fork_util.hpp"
#include "tune/attempt_log.hpp"
#include "tune/store.hpp"
#include "tune/supervisor.hpp"
#include "tune/work_queue.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

enum class Behaviour { drain, fault, hang, fail };

// A fake worker: claims items and finishes them (a few ms each) until none is left; `fault`
// exits kWorkerFaultExit holding an item with a candidate in flight, `hang` holds one and never
// beats again, `fail` exits 1 holding one.
pid_t fake_worker(const std::string& path, const std::string& run, const std::string& id,
                  Behaviour b) {
  return autogemm::test::spawn([=] {
    auto store = ExperienceStore::open(path);
    WorkQueue q(store);
    while (auto item = q.claim(run, id)) {
      if (b == Behaviour::fault) {
        AttemptLog(store).begin("NVIDIA H200", item->problem, id, {kSpecA});
        _exit(kWorkerFaultExit);
      }
      if (b == Behaviour::hang) std::this_thread::sleep_for(std::chrono::hours(1));
      if (b == Behaviour::fail) _exit(1);
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      q.finish(run, item->seq, id, ItemEnd::done);
    }
  });
}

struct Fixture {
  ScratchDir dir;
  std::string path = dir / "s.sqlite";
  ExperienceStore store = ExperienceStore::open(path);
  std::string run = "run1";

  explicit Fixture(int items) {
    std::vector<Problem> problems;
    for (int i = 0; i < items; ++i) problems.push_back(problem(64 * (i + 1), 256, 256));
    WorkQueue(store).create(run, problems);
  }

  SupervisorOptions options(std::vector<int> devices,
                            std::function<Behaviour(int device, bool restart)> behaviour) {
    SupervisorOptions o;
    o.devices = std::move(devices);
    o.run = run;
    o.stall_timeout_s = 1.5;
    o.poll_s = 0.05;
    o.launch = [this, behaviour](int device, const std::string& id, bool restart) {
      return fake_worker(path, run, id, behaviour(device, restart));
    };
    return o;
  }
};

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST(TuneSupervisor, RestartsFaultedAndStalledWorkers) {
  Fixture f(8);
  const SupervisorOptions o = f.options({0, 1, 2}, [](int device, bool restart) {
    if (restart || device == 0) return Behaviour::drain;
    return device == 1 ? Behaviour::fault : Behaviour::hang;
  });
  std::ostringstream log;
  const SupervisorResult r = supervise(o, f.store, log);
  SCOPED_TRACE(log.str());
  EXPECT_EQ(r.failed_workers, 0);
  EXPECT_EQ(r.restarts, 2);
  EXPECT_TRUE(r.complete());
  EXPECT_EQ(r.progress.done, 8);
  EXPECT_TRUE(contains(log.str(),
                       "run1-gpu1-0 on GPU 1 exited with code 4; its shape goes "
                       "back to the queue; restarting it with --resume (1 of 10)"));
  EXPECT_TRUE(contains(log.str(), "run1-gpu2-0 on GPU 2 killed after 2 s without progress"));
  EXPECT_TRUE(contains(log.str(), "tune: 8/8 shapes done, 0 workers"));

  // The faulted worker's candidate carries the cause the parent saw.
  AttemptLog log_table(f.store);
  bool seen = false;
  for (int i = 0; i < 8; ++i)
    for (const Attempt& a :
         log_table.leftovers("NVIDIA H200", problem(64 * (i + 1), 256, 256), "next")) {
      EXPECT_EQ(a.worker, "run1-gpu1-0");
      EXPECT_EQ(a.ended, "exited with code 4");
      EXPECT_FALSE(a.timed_out);
      seen = true;
    }
  EXPECT_TRUE(seen);
}

TEST(TuneSupervisor, FailedWorkerIsCountedNotRestarted) {
  Fixture f(4);
  const SupervisorOptions o = f.options(
      {0, 1}, [](int device, bool) { return device == 0 ? Behaviour::fail : Behaviour::drain; });
  std::ostringstream log;
  const SupervisorResult r = supervise(o, f.store, log);
  EXPECT_EQ(r.failed_workers, 1) << log.str();
  EXPECT_EQ(r.restarts, 0);
  EXPECT_TRUE(contains(log.str(),
                       "exited with code 1; its shape goes back to the queue; not "
                       "restarted"))
      << log.str();
}

TEST(TuneSupervisor, RestartsAreBounded) {
  Fixture f(2);
  SupervisorOptions o = f.options({0}, [](int, bool) { return Behaviour::fault; });
  o.max_restarts = 2;
  std::ostringstream log;
  const SupervisorResult r = supervise(o, f.store, log);
  EXPECT_EQ(r.restarts, 2) << log.str();
  EXPECT_EQ(r.failed_workers, 1);
  EXPECT_FALSE(r.complete());
  EXPECT_TRUE(contains(log.str(),
                       "run1-gpu0-2 on GPU 0 exited with code 4; its shape goes back "
                       "to the queue; out of restarts"))
      << log.str();
}

TEST(TuneSupervisor, SpawnProcessRunsACommand) {
  const pid_t pid = spawn_process({"/bin/sh", "-c", "exit 7"});
  EXPECT_EQ(autogemm::test::wait_exit_code(pid), 7);
  EXPECT_THROW(spawn_process({"/nonexistent/autogemm"}), Error);
  EXPECT_NE(new_run_id(), "");
}
