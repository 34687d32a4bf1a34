// gemm() without a spec: the dispatcher's choice runs and computes the right answer, for
// problems our kernel serves outside the shipped table (the shipped H200 cost model's pick; for
// other types than fp16/fp32/tn, its pick for their fp16/fp32/tn twin, or the twin's table entry,
// with the spec's types changed) and for ones only cuBLASLt can (N or K not a multiple of 8). Runs
// on the H200, whose data files ship, or on a GPU of the same chip, which borrows them (an H100
// SXM).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "core/cuda_check.hpp"
#include "gemm_checker.hpp"

namespace autogemm {
namespace {

std::string describe(const Problem& p) {
  return std::to_string(p.shape.m) + "x" + std::to_string(p.shape.n) + "x" +
         std::to_string(p.shape.k) + " " + std::string(to_string(p.dtype)) + "/" +
         std::string(to_string(p.acc)) + "/" + std::string(to_string(p.layout));
}

struct Case {
  Problem p;
  const char* kind;
};

TEST(DispatchGpu, ChoiceRunsAndMatchesReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const std::vector<Case> cases = {
      {{{256, 512, 384}, DType::f16, AccType::f32, Layout::tn}, "cost_model"},
      {{{1000, 1000, 1000}, DType::bf16, AccType::f32, Layout::nn}, "cost_model"},
      {{{3, 4096, 4096}, DType::f16, AccType::f32, Layout::tn}, "cost_model"},
      {{{1000, 1000, 1000}, DType::f16, AccType::f32, Layout::nn}, "cost_model"},
      {{{100, 30, 64}, DType::f16, AccType::f32, Layout::tn}, "cublaslt"},
      {{{64, 64, 100}, DType::bf16, AccType::f32, Layout::nn}, "cublaslt"},
      {{{77, 128, 256}, DType::f16, AccType::f16, Layout::tn}, "cost_model"},
      {{{4096, 4096, 4096}, DType::f16, AccType::f32, Layout::nn}, "table"},  // the twin's entry
      {{{512, 512, 16384}, DType::f16, AccType::f16, Layout::tn}, "table"},   // split-K, fp16 acc
      {{{77, 124, 256}, DType::f16, AccType::f16, Layout::nn}, "cublaslt"},   // N: 16-byte rule
  };
  test::GemmChecker gc(4096 * 4096);
  uint64_t seed = 1234;
  for (const Case& k : cases) {
    const std::string what = describe(k.p);
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

// The borrowed choices on shapes drawn at random each run (the seed is printed): layout nn in
// both data types and fp16 accumulation, off the grid and unaligned, each against the reference.
TEST(DispatchGpu, BorrowedChoicesOnRandomShapesMatchReference) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  // AUTOGEMM_SWEEP_SEED replays a run (as in the kernel sweep).
  const char* env = std::getenv("AUTOGEMM_SWEEP_SEED");
  const uint64_t seed = env ? std::strtoull(env, nullptr, 10) : std::random_device{}();
  std::printf("seed %llu\n", static_cast<unsigned long long>(seed));
  std::mt19937_64 rng(seed);
  const auto log_uniform = [&](int lo, int hi) {
    return int(std::exp(std::uniform_real_distribution<double>(std::log(lo), std::log(hi))(rng)));
  };
  test::GemmChecker gc(4096 * 4096);
  uint64_t fill = seed;
  for (int i = 0; i < 12; ++i) {
    Problem p;
    p.shape = {log_uniform(1, 4096), 8 * log_uniform(1, 512), 8 * log_uniform(8, 512)};
    p.layout = i % 3 == 2 ? Layout::tn : Layout::nn;
    p.dtype = i % 3 == 1 ? DType::bf16 : DType::f16;
    p.acc = i % 3 == 2 ? AccType::f16 : AccType::f32;
    const std::string what = describe(p);
    const Choice choice = choose(p);
    EXPECT_TRUE(choice.kind == "cost_model" || choice.kind == "table")
        << what << ": " << choice.kind << " (" << choice.reason << ")";
    gc.prepare(p, fill);
    fill += 2;
    ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), nullptr)) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    const auto verdict = gc.check(p);
    EXPECT_TRUE(verdict.pass) << what << " (" << choice.kind << " " << choice.spec
                              << "): " << verdict.reason;
  }
}

// Timing on the call (runtime/timed_choice.hpp, on by default): the first call of a problem the
// cost model chose times its top specs on the caller's stream and leaves C as its pick computes
// it; a later call, once the GPU is past the trial, runs the fastest (kind "timed"). Beta 0
// only, never while capturing a graph.
TEST(DispatchGpu, TimingOnTheCallKeepsEveryResultAndEndsInATimedChoice) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  test::GemmChecker gc(2048 * 2048);
  uint64_t seed = 4321;
  const auto call = [&](const Problem& p, Scaling s, cudaStream_t stream, const char* what) {
    gc.prepare(p, seed);
    seed += 2;
    if (s.beta != 0.0f) gc.fill_addend(p, seed++);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;  // the fills ran on stream 0
    ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), s, stream)) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    const auto verdict = gc.check(p, s.alpha, s.beta);
    EXPECT_TRUE(verdict.pass) << what << ": " << verdict.reason;
  };
  const Problem p{{1000, 1512, 1016}, DType::f16, AccType::f32, Layout::tn};
  ASSERT_EQ(choose(p).kind, "cost_model") << choose(p).reason;
  call(p, {}, nullptr, "the first call: the trial, then the pick");
  EXPECT_EQ(choose(p).kind, "cost_model");  // nothing has looked at the trial yet
  call(p, {}, nullptr, "the second call: the trial is over");
  const Choice timed = choose(p);
  EXPECT_EQ(timed.kind, "timed") << timed.reason;
  EXPECT_NE(timed.reason.find("timed on this GPU"), std::string::npos) << timed.reason;
  call(p, {}, nullptr, "the timed choice");
  call(p, {2.0f, 0.0f}, nullptr, "the timed choice, scaled");

  // beta != 0 reads C: never timed (every trial launch would add it in again).
  const Problem q{{1000, 1512, 1032}, DType::f16, AccType::f32, Layout::tn};
  ASSERT_EQ(choose(q).kind, "cost_model");
  call(q, {1.0f, 0.5f}, nullptr, "beta 0.5");
  call(q, {1.0f, 0.5f}, nullptr, "beta 0.5 again");
  EXPECT_EQ(choose(q).kind, "cost_model");

  // A captured call runs the pick and starts nothing; the next plain call does.
  const Problem r{{1000, 1512, 1048}, DType::f16, AccType::f32, Layout::tn};
  ASSERT_EQ(choose(r).kind, "cost_model");
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  gc.prepare(r, seed);
  seed += 2;
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  ASSERT_EQ(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal), cudaSuccess);
  ASSERT_NO_THROW(gemm(r, gc.a(), gc.b(), gc.c(), stream));
  cudaGraph_t graph = nullptr;
  ASSERT_EQ(cudaStreamEndCapture(stream, &graph), cudaSuccess);
  cudaGraphExec_t exec = nullptr;
  ASSERT_EQ(cudaGraphInstantiate(&exec, graph, 0), cudaSuccess);
  ASSERT_EQ(cudaGraphLaunch(exec, stream), cudaSuccess);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  const auto replayed = gc.check(r);
  EXPECT_TRUE(replayed.pass) << "the captured call, replayed: " << replayed.reason;
  cudaGraphExecDestroy(exec);
  cudaGraphDestroy(graph);
  call(r, {}, stream, "after the capture: the trial");
  EXPECT_EQ(choose(r).kind, "cost_model");
  call(r, {}, stream, "the trial is over");
  EXPECT_EQ(choose(r).kind, "timed") << choose(r).reason;
  cudaStreamDestroy(stream);
}

// gemm() launches a thread's previous plan again when a call repeats the previous one exactly
// (gemm.cpp's LastCall): calls that differ in anything a plan bakes in (problem, pointers, the
// scaled variant, a spec named or not) and calls on another thread must not get it.
TEST(DispatchGpu, RepeatedAndInterleavedCallsEachComputeTheirOwnProblem) {
  ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
  const Problem p1{{256, 512, 384}, DType::f16, AccType::f32, Layout::tn};
  const Problem p2{{512, 256, 256}, DType::f16, AccType::f32, Layout::tn};
  const Problem p1_shape{{256, 512, 128}, DType::f16, AccType::f32, Layout::tn};  // p1's buffers
  test::GemmChecker g1(512 * 512), g2(512 * 512);
  uint64_t seed = 77;
  auto run = [&](test::GemmChecker& g, const Problem& p, const std::string& spec, Scaling s,
                 const char* what) {
    g.prepare(p, seed);
    seed += 2;
    if (s.beta != 0.0f) g.fill_addend(p, seed++);
    if (spec.empty())
      ASSERT_NO_THROW(gemm(p, g.a(), g.b(), g.c(), s, nullptr)) << what;
    else
      ASSERT_NO_THROW(gemm(p, spec, g.a(), g.b(), g.c(), s, nullptr)) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    const auto verdict = g.check(p, s.alpha, s.beta);
    EXPECT_TRUE(verdict.pass) << what << ": " << verdict.reason;
  };
  const std::string spec1 = choose(p1).spec;
  ASSERT_FALSE(spec1.empty());
  run(g1, p1, "", {}, "p1");
  run(g1, p1, "", {}, "p1 again (fresh inputs, the same buffers)");
  run(g2, p2, "", {}, "p2");
  run(g1, p1, "", {}, "p1 plain");
  run(g1, p1, "", {2.0f, 0.0f}, "p1 scaled by 2, right after it plain");
  run(g1, p1, "", {3.0f, 0.5f}, "p1 scaled by 3, plus half of C");
  run(g1, p1, "", {}, "p1 plain after scaled");
  run(g1, p1, spec1, {}, "p1 with its spec named");
  run(g1, p1, spec1, {}, "p1 with its spec named, again");
  run(g1, p1_shape, "", {}, "another shape in p1's buffers");
  run(g1, p1, "", {}, "p1 after it");
  run(g2, p1, "", {}, "p1 in p2's buffers");

  // Only A, then only B, differs from the previous call. g2 judges: it gets the operand the call
  // kept from g1 and the C it wrote, so a stale plan (still reading g1's A or B) fails.
  const int64_t mk = p1.shape.m * p1.shape.k, kn = p1.shape.k * p1.shape.n;
  const int64_t mn = p1.shape.m * p1.shape.n;
  for (const bool change_a : {true, false}) {
    const char* what = change_a ? "only A differs" : "only B differs";
    g1.prepare(p1, seed);
    ASSERT_NO_THROW(gemm(p1, g1.a(), g1.b(), g1.c(), nullptr)) << what;
    g2.prepare(p1, seed + 1);  // other inputs than g1's
    seed += 2;
    const void* a = change_a ? g2.a() : g1.a();
    const void* b = change_a ? g1.b() : g2.b();
    ASSERT_NO_THROW(gemm(p1, a, b, g1.c(), nullptr)) << what;
    void* kept = const_cast<void*>(change_a ? g2.b() : g2.a());
    ASSERT_EQ(cudaMemcpy(kept, change_a ? g1.b() : g1.a(), 2 * (change_a ? kn : mk),
                         cudaMemcpyDeviceToDevice),
              cudaSuccess);
    ASSERT_EQ(cudaMemcpy(g2.c(), g1.c(), 2 * mn, cudaMemcpyDeviceToDevice), cudaSuccess);
    const auto verdict = g2.check(p1);
    EXPECT_TRUE(verdict.pass) << what << ": " << verdict.reason;
  }
  // Another thread: its own previous call (none yet), then its own repeat.
  std::thread other([&] {
    run(g2, p2, "", {}, "p2 on another thread");
    run(g2, p2, "", {}, "p2 again on another thread");
  });
  other.join();
  run(g2, p1, "", {}, "p1 in p2's buffers again on this thread");
}

}  // namespace
}  // namespace autogemm
