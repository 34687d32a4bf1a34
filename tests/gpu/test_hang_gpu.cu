// A kernel that never ends, on the GPU: the guarded wait turns it into one error line and exit
// code 5 within the limit, instead of a process that hangs for good (core/hang_guard.hpp).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/cuda_check.hpp"
#include "core/hang_guard.hpp"
#include "exit_codes.hpp"
#include "fork_util.hpp"

namespace autogemm {
namespace {

__global__ void spin_until_set(volatile int* flag) {
  while (*flag == 0) __nanosleep(1000);
}

TEST(HangGpu, AStuckKernelEndsTheCommandWithExitCode5) {
  const std::string log = ::testing::TempDir() + "/hang_gpu_err.txt";
  const auto t0 = std::chrono::steady_clock::now();
  // CUDA only in the child (it cannot be used across fork); no GPU there fails the test (exit 1).
  const pid_t pid = test::spawn([&log] {
    setenv("AUTOGEMM_HANG_SECONDS", "2", 1);
    CLI::App app;
    app.require_subcommand(1);
    app.add_subcommand("stuck")->callback([] {
      require_gpu(0);
      int* flag = nullptr;
      check_cuda(cudaMalloc(&flag, sizeof(int)), "cudaMalloc");
      check_cuda(cudaMemset(flag, 0, sizeof(int)), "cudaMemset");
      spin_until_set<<<1, 1>>>(flag);  // nobody sets it
      check_cuda(cudaGetLastError(), "launch");
      const HangActivity activity("spin_until_set on 1_1_1");
      sync_stream_or_hang(nullptr, "test sync");
    });
    std::ofstream err(log);
    std::ostringstream out;
    const char* argv[] = {"autogemm", "stuck"};
    cli::run_cli(app, 2, argv, out, err);
    std::_Exit(99);  // not reached: the hang handler ends the process (exit 5)
  });
  EXPECT_EQ(test::wait_exit_code(pid), cli::kGpuHang);
  const double waited =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_GE(waited, 2.0);
  EXPECT_LT(waited, 60.0);
  const std::string text = test::read_text(log);
  EXPECT_NE(text.find("autogemm: error: test sync: no completion within 2 s"), std::string::npos)
      << text;
  EXPECT_NE(text.find("spin_until_set on 1_1_1"), std::string::npos) << text;
}

}  // namespace
}  // namespace autogemm
