// The guarded GPU waits (src/core/hang_guard.hpp), driven by fake queries: no GPU needed.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/hang_guard.hpp"
#include "exit_codes.hpp"
#include "fork_util.hpp"

namespace autogemm {
namespace {

using Clock = std::chrono::steady_clock;

// A query that reports "not ready" `busy` times, then `last`.
auto after(int busy, cudaError_t last) {
  return [busy, last]() mutable { return busy-- > 0 ? cudaErrorNotReady : last; };
}
auto never() {
  return [] { return cudaErrorNotReady; };
}

TEST(HangGuard, ReturnsOnceTheWorkIsDone) {
  EXPECT_EQ(wait_or_hang(after(3, cudaSuccess), 5.0, "sync"), cudaSuccess);
  EXPECT_EQ(wait_or_hang(after(0, cudaSuccess), 5.0, "sync"), cudaSuccess);
}

TEST(HangGuard, PassesCudaErrorsThrough) {
  EXPECT_EQ(wait_or_hang(after(2, cudaErrorIllegalAddress), 5.0, "sync"), cudaErrorIllegalAddress);
}

TEST(HangGuard, ThrowsPastTheLimitNamingWhatRan) {
  const HangActivity activity("autogemm sm90_x on 64_64_64");
  const auto t0 = Clock::now();
  try {
    wait_or_hang(never(), 0.05, "compare: sync");
    FAIL() << "no GpuHang";
  } catch (const GpuHang& h) {
    const double waited = std::chrono::duration<double>(Clock::now() - t0).count();
    EXPECT_GE(waited, 0.05);
    EXPECT_LT(waited, 5.0);
    const std::string msg = h.what();
    EXPECT_NE(msg.find("compare: sync"), std::string::npos) << msg;
    EXPECT_NE(msg.find("no completion within"), std::string::npos) << msg;
    EXPECT_NE(msg.find("AUTOGEMM_HANG_SECONDS"), std::string::npos) << msg;
    EXPECT_NE(msg.find("autogemm sm90_x on 64_64_64"), std::string::npos) << msg;
    EXPECT_EQ(h.activity(), "autogemm sm90_x on 64_64_64");
  }
}

TEST(HangGuard, ActivityNamesTheSpecExactly) {
  const std::string a = method_activity("autogemm", "sm90_x_etma_sk4", "64_64_64");
  EXPECT_EQ(a, "autogemm sm90_x_etma_sk4 on 64_64_64");
  EXPECT_TRUE(activity_runs_spec(a, "sm90_x_etma_sk4"));
  EXPECT_FALSE(activity_runs_spec(a, "sm90_x_etma"));  // a prefix of the one that ran
  EXPECT_FALSE(activity_runs_spec(a, "sk4"));
  EXPECT_FALSE(activity_runs_spec(a, ""));
  EXPECT_EQ(method_activity("cublas_tn", "", "1_2_3"), "cublas_tn on 1_2_3");
}

TEST(HangGuard, ActivitiesNest) {
  EXPECT_EQ(HangActivity::current(), "");
  {
    const HangActivity outer("outer");
    {
      const HangActivity inner("inner");
      EXPECT_EQ(HangActivity::current(), "inner");
    }
    EXPECT_EQ(HangActivity::current(), "outer");
  }
  EXPECT_EQ(HangActivity::current(), "");
}

TEST(HangGuard, HandlerSeesTheHangFirstAndIsScoped) {
  std::string seen;
  {
    const ScopedHangHandler h([&seen](const GpuHang& hang) { seen = hang.what(); });
    EXPECT_THROW(wait_or_hang(never(), 0.01, "first"), GpuHang);  // the handler returned
    EXPECT_NE(seen.find("first"), std::string::npos) << seen;
  }
  seen.clear();
  EXPECT_THROW(wait_or_hang(never(), 0.01, "second"), GpuHang);
  EXPECT_EQ(seen, "") << "the handler outlived its scope";
}

TEST(HangGuard, AHandlerThatThrowsStillYieldsTheHang) {
  const ScopedHangHandler h([](const GpuHang&) { throw Error("store busy"); });
  EXPECT_THROW(wait_or_hang(never(), 0.01, "sync"), GpuHang);
}

// Code that marks a failed call and goes on (catch (const Error&)) must not swallow a hang.
TEST(HangGuard, IsNotAnAutogemmError) {
  bool swallowed = false;
  try {
    try {
      wait_or_hang(never(), 0.01, "sync");
    } catch (const Error&) {
      swallowed = true;
    }
  } catch (const GpuHang&) {
  }
  EXPECT_FALSE(swallowed);
}

TEST(HangGuard, CommandRejectsABadLimitUpFront) {
  setenv("AUTOGEMM_HANG_SECONDS", "soon", 1);
  bool ran = false;
  CLI::App app;
  app.require_subcommand(1);
  app.add_subcommand("work")->callback([&ran] { ran = true; });
  std::ostringstream out, err;
  const char* argv[] = {"autogemm", "work"};
  EXPECT_EQ(cli::run_cli(app, 2, argv, out, err), cli::kBadInput);
  EXPECT_FALSE(ran);
  EXPECT_NE(err.str().find("AUTOGEMM_HANG_SECONDS must be a positive number"), std::string::npos)
      << err.str();
  unsetenv("AUTOGEMM_HANG_SECONDS");
}

TEST(HangGuard, LimitFromTheEnvironment) {
  unsetenv("AUTOGEMM_HANG_SECONDS");
  EXPECT_EQ(hang_limit_seconds(), 120.0);
  setenv("AUTOGEMM_HANG_SECONDS", "2.5", 1);
  EXPECT_EQ(hang_limit_seconds(), 2.5);
  for (const char* bad : {"abc", "0", "-1", "5s", "inf", "nan"}) {
    setenv("AUTOGEMM_HANG_SECONDS", bad, 1);
    try {
      hang_limit_seconds();
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("AUTOGEMM_HANG_SECONDS"), std::string::npos);
      EXPECT_NE(std::string(e.what()).find(bad), std::string::npos);
    }
  }
  unsetenv("AUTOGEMM_HANG_SECONDS");
}

TEST(HangGuard, ExitCode) {
  EXPECT_EQ(cli::exit_code_for(std::make_exception_ptr(GpuHang("x", ""))), cli::kGpuHang);
  EXPECT_EQ(cli::kGpuHang, 5);
}

// The command line's handler: one error line, then the process ends at once with kGpuHang
// (no unwinding, no cleanup), even from inside a subcommand.
TEST(HangGuard, CommandEndsTheProcessWithItsExitCode) {
  const std::string log = ::testing::TempDir() + "/hang_guard_err.txt";
  const pid_t pid = test::spawn([&log] {
    CLI::App app;
    app.require_subcommand(1);
    app.add_subcommand("stuck")->callback([] {
      const HangActivity activity("autogemm sm90_y on 1_8_8");
      wait_or_hang(never(), 0.01, "warm-up sync");
    });
    std::ofstream err(log);
    std::ostringstream out;
    const char* argv[] = {"autogemm", "stuck"};
    cli::run_cli(app, 2, argv, out, err);
    std::exit(99);  // not reached: the handler ends the process
  });
  EXPECT_EQ(test::wait_exit_code(pid), cli::kGpuHang);
  const std::string text = test::read_text(log);
  EXPECT_NE(text.find("autogemm: error: warm-up sync: no completion within"), std::string::npos)
      << text;
  EXPECT_NE(text.find("autogemm sm90_y on 1_8_8"), std::string::npos) << text;
}

}  // namespace
}  // namespace autogemm
