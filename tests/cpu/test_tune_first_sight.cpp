// Tuning on first sight (AUTOGEMM_TUNE=1): the dispatcher tunes an unseen problem once, reads
// the user table the tuner wrote, remembers failures, and leaves table hits and cuBLASLt
// problems alone; the user table is updated under a lock by racing processes; the child
// command and its environment.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "fork_util.hpp"
#include "tune/dispatch.hpp"
#include "tune/first_sight.hpp"
#include "tune/store.hpp"
#include "tune/user_table.hpp"
#include "tune_test_util.hpp"

using namespace autogemm;
using namespace autogemm::tune;
using namespace autogemm::tune::testing;

namespace {

TableEntry entry(const Problem& p, const std::string& spec, double us) {
  TableEntry e;
  e.problem = p;
  e.spec = spec;
  e.time_us = us;
  e.gpu = "NVIDIA H200";
  return e;
}

// Writes `p` with `spec` into the table at `path`, as `autogemm tune --update-table` would.
void add_to_table(const std::filesystem::path& path, const Problem& p, const std::string& spec) {
  TuningTable t = load_table_if_exists(path).value_or(TuningTable{});
  t.gpu = "NVIDIA H200";
  t.put(entry(p, spec, 100));
  save_table(t, path);
}

std::string read_file(const std::filesystem::path& p) {
  std::ifstream f(p);
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

}  // namespace

TEST(TuneFirstSight, TunesAnUnseenProblemOnce) {
  ScratchDir dir;
  const auto table = dir / "user.json";
  const Problem p = problem(4096, 4096, 4096), unservable = problem(64, 30, 64);
  Dispatcher d(std::nullopt, "", "no tuning table loaded");
  d.set_user_table(std::nullopt, table);
  std::ostringstream log;
  d.set_log(&log);
  EXPECT_FALSE(d.needs_tuning(p));  // no tuner yet
  int calls = 0;
  d.set_first_sight_tuner([&](const Problem& q) -> std::optional<std::string> {
    ++calls;
    add_to_table(table, q, kSpecB);
    return std::nullopt;
  });
  EXPECT_EQ(d.query(p).kind, ChoiceKind::heuristic);
  EXPECT_TRUE(d.needs_tuning(p));
  EXPECT_FALSE(d.needs_tuning(unservable));  // cuBLASLt's: nothing to tune

  const Choice& tuned = d.tune(p);
  EXPECT_EQ(calls, 1);
  EXPECT_EQ(tuned.kind, ChoiceKind::table);
  EXPECT_EQ(tuned.spec, kSpecB);
  EXPECT_NE(tuned.reason.find("user tuning table " + table.string()), std::string::npos)
      << tuned.reason;
  EXPECT_EQ(&d.query(p), &tuned);  // later calls use it
  EXPECT_FALSE(d.needs_tuning(p));
  d.tune(p);
  EXPECT_EQ(calls, 1);
  EXPECT_NE(log.str().find("autogemm: tuned 4096x4096x4096 fp16/fp32/tn -> table"),
            std::string::npos)
      << log.str();

  // A later process finds it in the user table without tuning.
  Dispatcher later(std::nullopt, "");
  later.set_user_table(load_table_if_exists(table), table);
  later.set_first_sight_tuner([&](const Problem&) -> std::optional<std::string> {
    ADD_FAILURE() << "tuned again";
    return std::nullopt;
  });
  EXPECT_EQ(later.query(p).kind, ChoiceKind::table);
  EXPECT_FALSE(later.needs_tuning(p));
}

// A bf16 problem served by its fp16 twin's shipped entry (borrowed, never measured as bf16) is
// still tuned on first sight; the fp16 twin itself is not.
TEST(TuneFirstSight, BorrowedBf16EntryIsStillTuned) {
  ScratchDir dir;
  const Problem fp16 = problem(4096, 4096, 4096);
  Problem bf16 = fp16;
  bf16.dtype = DType::bf16;
  Dispatcher d(one_entry_table(fp16, kSpecB), "h200.json");
  d.set_user_table(std::nullopt, dir / "user.json");
  d.set_first_sight_tuner([](const Problem&) -> std::optional<std::string> { return {}; });
  EXPECT_EQ(d.query(bf16).kind, ChoiceKind::table);
  EXPECT_TRUE(d.query(bf16).borrowed);
  EXPECT_TRUE(d.needs_tuning(bf16));
  EXPECT_FALSE(d.needs_tuning(fp16));
}

TEST(TuneFirstSight, FailureIsRememberedAndOthersTuningIsReused) {
  ScratchDir dir;
  const auto table = dir / "user.json";
  const Problem p = problem(1024, 1024, 1024), q = problem(2048, 1024, 1024);
  Dispatcher d(std::nullopt, "");
  d.set_user_table(std::nullopt, table);
  int calls = 0;
  d.set_first_sight_tuner([&](const Problem&) -> std::optional<std::string> {
    ++calls;
    return "autogemm tune exited with code 3";
  });
  const Choice& failed = d.tune(p);
  EXPECT_EQ(failed.kind, ChoiceKind::heuristic);
  EXPECT_NE(failed.reason.find("tuning on first sight failed: autogemm tune exited with code 3"),
            std::string::npos)
      << failed.reason;
  EXPECT_FALSE(d.needs_tuning(p));  // not tried again in this process
  d.tune(p);
  EXPECT_EQ(calls, 1);

  // Another process tuned q meanwhile: its entry is read, the tuner not run.
  add_to_table(table, q, kSpecA);
  ASSERT_TRUE(d.needs_tuning(q));
  EXPECT_EQ(d.tune(q).spec, kSpecA);
  EXPECT_EQ(calls, 1);
}

TEST(TuneFirstSight, UserTableUpdatesFromRacingProcesses) {
  ScratchDir dir;
  const auto table = dir / "cache" / "user.json";
  const std::string store_path = dir / "s.sqlite";
  constexpr int kWriters = 4, kEach = 5;
  {
    auto store = ExperienceStore::open(store_path);
    for (int w = 0; w < kWriters; ++w)
      for (int i = 0; i < kEach; ++i)
        store.record(sample_measurement(problem(64 * (w * kEach + i + 1), 512, 512), kSpecA, 10));
  }
  std::vector<pid_t> children;
  for (int w = 0; w < kWriters; ++w)
    children.push_back(autogemm::test::spawn([&, w] {
      auto store = ExperienceStore::open(store_path);
      for (int i = 0; i < kEach; ++i) {
        const std::vector<Problem> one = {problem(64 * (w * kEach + i + 1), 512, 512)};
        if (update_table_file(table, store, "NVIDIA H200", one) != 1) _exit(2);
      }
    }));
  for (pid_t pid : children) EXPECT_EQ(autogemm::test::wait_exit_code(pid), 0);
  const TuningTable t = load_table(table);
  EXPECT_EQ(t.size(), size_t(kWriters * kEach));  // no writer dropped another's entry

  auto store = ExperienceStore::open(store_path);
  EXPECT_EQ(update_table_file(table, store, "NVIDIA H200", {problem(8, 8, 8)}), 0u);
  EXPECT_THROW(update_table_file(table, store, "NVIDIA H100", {}), Error);
  // A fast-protocol table takes no sustained rows, and a new table records its run's mode.
  EXPECT_THROW(update_table_file(table, store, "NVIDIA H200", {}, "kernel_sustained"), Error);
  const auto sustained = dir / "sustained.json";
  EXPECT_EQ(update_table_file(sustained, store, "NVIDIA H200", {}, "kernel_sustained"), 0u);
  EXPECT_EQ(load_table(sustained).timing_mode, "kernel_sustained");
}

TEST(TuneFirstSight, PathsAndConfigFromTheEnvironment) {
  {
    ScopedEnv table("AUTOGEMM_USER_TABLE", "/x/u.json");
    EXPECT_EQ(user_table_path("NVIDIA H200"), "/x/u.json");
  }
  {
    ScopedEnv table("AUTOGEMM_USER_TABLE", "");
    ScopedEnv cache("XDG_CACHE_HOME", "/c");
    EXPECT_EQ(user_table_path("NVIDIA H200"), "/c/autogemm/nvidia_h200.user.json");
    ScopedEnv budget("AUTOGEMM_TUNE_BUDGET", "");
    ScopedEnv command("AUTOGEMM_TUNE_COMMAND", "");
    ScopedEnv store("AUTOGEMM_TUNE_STORE", "");
    ScopedEnv log("AUTOGEMM_LOG", "");
    const FirstSightConfig c = first_sight_config("NVIDIA H200", "/nonexistent/autogemm");
    EXPECT_EQ(c.budget, 8);
    EXPECT_EQ(c.command, "autogemm");  // the built binary is not there: PATH's
    EXPECT_EQ(c.store, "/c/autogemm/nvidia_h200.user.sqlite");
    EXPECT_TRUE(c.quiet);
  }
  {
    ScopedEnv cache("XDG_CACHE_HOME", "");
    ScopedEnv home("HOME", "/h");
    EXPECT_EQ(user_table_path("NVIDIA H200"), "/h/.cache/autogemm/nvidia_h200.user.json");
  }
  for (const char* bad : {"0", "-2", "8x", "many"}) {
    ScopedEnv budget("AUTOGEMM_TUNE_BUDGET", bad);
    EXPECT_THROW(first_sight_config("NVIDIA H200", ""), Error) << bad;
  }
  {
    ScopedEnv on("AUTOGEMM_TUNE", "1");
    EXPECT_TRUE(first_sight_enabled());
  }
  ScopedEnv off("AUTOGEMM_TUNE", "0");
  EXPECT_FALSE(first_sight_enabled());
}

// The whole path with a fake `autogemm`: a script that records its arguments, then either
// writes nothing (the choice stays the heuristic's) or fails (the reason says so).
TEST(TuneFirstSight, RunsTheTuneCommandFromTheEnvironment) {
  ScratchDir dir;
  const auto args_file = dir / "args.txt";
  write_file(dir / "fake.sh",
             "#!/bin/sh\necho \"$@\" > '" + args_file.string() + "'\nexit ${FAKE_EXIT:-0}\n");
  std::filesystem::permissions(dir / "fake.sh", std::filesystem::perms::owner_all);
  ScopedEnv on("AUTOGEMM_TUNE", "1");
  ScopedEnv budget("AUTOGEMM_TUNE_BUDGET", "4");
  ScopedEnv table("AUTOGEMM_USER_TABLE", (dir / "u.json").string());
  ScopedEnv store("AUTOGEMM_TUNE_STORE", "");
  ScopedEnv command("AUTOGEMM_TUNE_COMMAND", (dir / "fake.sh").string());
  ScopedEnv log("AUTOGEMM_LOG", "");

  Dispatcher d(std::nullopt, "");
  use_first_sight_from_environment(d, "NVIDIA H200", 1, "");
  const Problem p = problem(1000, 2048, 512, Layout::nn, DType::bf16);
  ASSERT_TRUE(d.needs_tuning(p));
  EXPECT_EQ(d.tune(p).kind, ChoiceKind::heuristic);
  EXPECT_EQ(read_file(args_file),
            "tune --mnk 1000_2048_512 --dtype bf16 --acc fp32 --layout nn --budget 4 --store " +
                (dir / "u.sqlite").string() + " --gpu_device_id 1 --update-table " +
                (dir / "u.json").string() + " --resume\n");

  ScopedEnv fail("FAKE_EXIT", "3");
  const Choice& failed = d.tune(problem(2000, 2048, 512));
  EXPECT_NE(failed.reason.find("exited with code 3"), std::string::npos) << failed.reason;
  EXPECT_TRUE(run_and_wait({"/nonexistent/autogemm"}, true).has_value());
}

TEST(TuneFirstSight, UserTableWithoutTuning) {
  ScratchDir dir;
  const Problem p = problem(4096, 4096, 4096);
  add_to_table(dir / "u.json", p, kSpecB);
  ScopedEnv off("AUTOGEMM_TUNE", "");
  {
    Dispatcher d(std::nullopt, "");
    use_first_sight_from_environment(d, "NVIDIA H200", 0, "");
    EXPECT_EQ(d.query(p).kind, ChoiceKind::heuristic);  // neither variable: no user table
  }
  ScopedEnv table("AUTOGEMM_USER_TABLE", (dir / "u.json").string());
  Dispatcher d(std::nullopt, "");
  use_first_sight_from_environment(d, "NVIDIA H200", 0, "");
  EXPECT_EQ(d.query(p).kind, ChoiceKind::table);
  EXPECT_FALSE(d.needs_tuning(problem(64, 64, 64)));  // read, but no tuning
  write_file(dir / "u.json", "{not json");
  Dispatcher broken(std::nullopt, "");
  EXPECT_THROW(use_first_sight_from_environment(broken, "NVIDIA H200", 0, ""), Error);
}
