// Tuning on first sight (AUTOGEMM_TUNE=1) through autogemm::gemm on a GPU: a call on a stream
// being captured into a graph does not tune; the next ordinary call tunes the problem (a child
// `autogemm tune`), still computes the right answer, and the problem is in the user table for
// later calls and processes.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "autogemm/autogemm.hpp"
#include "core/cuda_check.hpp"
#include "gemm_checker.hpp"
#include "tune/table.hpp"

namespace autogemm {
namespace {

TEST(FirstSightGpu, TunesOnFirstCallNotDuringCapture) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("autogemm_first_sight_" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::string table = (dir / "user.json").string();
  // Read once per process, at the dispatcher's first use: set before anything chooses.
  setenv("AUTOGEMM_TUNE", "1", 1);
  setenv("AUTOGEMM_TUNE_BUDGET", "2", 1);
  setenv("AUTOGEMM_USER_TABLE", table.c_str(), 1);
  setenv("AUTOGEMM_TUNE_COMMAND", AUTOGEMM_BINARY, 1);
  unsetenv("AUTOGEMM_TABLE");

  const Problem p{{320, 512, 384}, DType::f16, AccType::f32, Layout::tn};
  test::GemmChecker gc(1024 * 1024);
  gc.prepare(p, 7);
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);

  // During capture: the normal pick, no tuning.
  const Choice before = choose(p);
  ASSERT_NE(before.kind, "table") << before.reason;
  prepare(before.spec);
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeRelaxed), cudaSuccess);
  ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), stream));
  cudaGraph_t graph = nullptr;
  ASSERT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  cudaGraphDestroy(graph);
  EXPECT_FALSE(std::filesystem::exists(table));
  EXPECT_EQ(choose(p).kind, before.kind);

  // The first ordinary call tunes, then computes.
  ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), stream));
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  const auto verdict = gc.check(p);
  EXPECT_TRUE(verdict.pass) << verdict.reason;
  const Choice after = choose(p);
  EXPECT_EQ(after.kind, "table") << after.reason;
  ASSERT_TRUE(std::filesystem::exists(table));
  const tune::TuningTable t = tune::load_table(table);
  ASSERT_NE(t.find(p), nullptr);
  EXPECT_EQ(t.find(p)->spec, after.spec);
  cudaStreamDestroy(stream);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace autogemm
