// gemm() without a spec: the dispatcher's choice runs and computes the right answer, for
// problems our kernel serves (heuristic pick, no table) and for ones only cuBLASLt can
// (N or K not a multiple of 8).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "bench/check_rule.hpp"
#include "bench/kernels.hpp"
#include "core/cuda_check.hpp"

namespace autogemm {
namespace {

struct Case {
  Problem p;
  const char* kind;
};

TEST(DispatchGpu, ChoiceRunsAndMatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::vector<Case> cases = {
      {{{256, 512, 384}, DType::f16, AccType::f32, Layout::tn}, "heuristic"},
      {{{1000, 1000, 1000}, DType::bf16, AccType::f32, Layout::nn}, "heuristic"},
      {{{3, 4096, 4096}, DType::f16, AccType::f32, Layout::tn}, "heuristic"},
      {{{100, 30, 64}, DType::f16, AccType::f32, Layout::tn}, "cublaslt"},
      {{{64, 64, 100}, DType::bf16, AccType::f32, Layout::nn}, "cublaslt"},
      {{{77, 128, 256}, DType::f16, AccType::f16, Layout::tn}, "cublaslt"},
  };
  const int64_t max_elems = 4096 * 4096;
  void *a, *b, *c;
  float* ref;
  ASSERT_EQ(cudaMalloc(&a, max_elems * 2), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&b, max_elems * 2), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&c, max_elems * 2), cudaSuccess);
  ASSERT_EQ(cudaMalloc(&ref, max_elems * 4), cudaSuccess);
  bench::CompareAccum* accum = bench::alloc_compare_accum();
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
    bench::fill_matrix(a, k.p.dtype, s.m, s.k, false, seed++, bench::DataDist::normal, nullptr);
    bench::fill_matrix(b, k.p.dtype, s.k, s.n, k.p.layout == Layout::tn, seed++,
                       bench::DataDist::normal, nullptr);
    bench::poison(c, s.m * s.n, nullptr);
    ASSERT_NO_THROW(gemm(k.p, a, b, c, nullptr)) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    bench::reference_gemm(a, b, k.p.layout, ref, k.p.dtype, s, nullptr);
    const auto sums = bench::compare_output(c, ref, k.p.dtype, s.m * s.n, accum, nullptr);
    const auto verdict = bench::judge(sums, k.p.dtype, k.p.acc, s.k);
    EXPECT_TRUE(verdict.pass) << what << " (" << choice.kind << " " << choice.spec
                              << "): " << verdict.reason;
  }
  bench::free_compare_accum(accum);
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(ref);
}

}  // namespace
}  // namespace autogemm
