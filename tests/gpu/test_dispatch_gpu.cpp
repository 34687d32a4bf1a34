// gemm() without a spec: the dispatcher's choice runs and computes the right answer, for
// problems our kernel serves outside the shipped table (the shipped H200 cost model's pick for
// fp16/fp32/tn, whose types it was trained on; the heuristic's for other types) and for ones only
// cuBLASLt can (N or K not a multiple of 8). Runs on the H200, whose data files ship, or on a GPU
// of the same chip, which borrows them (an H100 SXM).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "core/cuda_check.hpp"
#include "gemm_checker.hpp"

namespace autogemm {
namespace {

struct Case {
  Problem p;
  const char* kind;
};

TEST(DispatchGpu, ChoiceRunsAndMatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::vector<Case> cases = {
      {{{256, 512, 384}, DType::f16, AccType::f32, Layout::tn}, "cost_model"},
      {{{1000, 1000, 1000}, DType::bf16, AccType::f32, Layout::nn}, "heuristic"},
      {{{3, 4096, 4096}, DType::f16, AccType::f32, Layout::tn}, "cost_model"},
      {{{1000, 1000, 1000}, DType::f16, AccType::f32, Layout::nn}, "heuristic"},
      {{{100, 30, 64}, DType::f16, AccType::f32, Layout::tn}, "cublaslt"},
      {{{64, 64, 100}, DType::bf16, AccType::f32, Layout::nn}, "cublaslt"},
      {{{77, 128, 256}, DType::f16, AccType::f16, Layout::tn}, "heuristic"},
      {{{77, 124, 256}, DType::f16, AccType::f16, Layout::nn}, "cublaslt"},  // N: 16-byte rule
  };
  test::GemmChecker gc(4096 * 4096);
  uint64_t seed = 1234;
  for (const Case& k : cases) {
    const Shape& s = k.p.shape;
    const std::string what = std::to_string(s.m) + "x" + std::to_string(s.n) + "x" +
                             std::to_string(s.k) + " " + std::string(to_string(k.p.dtype)) + "/" +
                             std::string(to_string(k.p.acc)) + "/" +
                             std::string(to_string(k.p.layout));
    const Choice choice = choose(k.p);
    EXPECT_EQ(choice.kind, k.kind) << what << ": " << choice.reason;
    EXPECT_EQ(choice.spec.empty(), choice.kind == "cublaslt") << what;
    gc.prepare(k.p, seed);
    seed += 2;
    ASSERT_NO_THROW(gemm(k.p, gc.a(), gc.b(), gc.c(), nullptr)) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    const auto verdict = gc.check(k.p);
    EXPECT_TRUE(verdict.pass) << what << " (" << choice.kind << " " << choice.spec
                              << "): " << verdict.reason;
  }
}

}  // namespace
}  // namespace autogemm
