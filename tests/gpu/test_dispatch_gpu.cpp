// gemm() without a spec: the dispatcher's choice runs and computes the right answer, for
// problems our kernel serves outside the shipped table (the shipped H200 cost model's pick; for
// other types than fp16/fp32/tn, its pick for their fp16/fp32/tn twin, or the twin's table entry,
// with the spec's types changed) and for ones only cuBLASLt can (N or K not a multiple of 8). Runs
// on the H200, whose data files ship, or on a GPU of the same chip, which borrows them (an H100
// SXM).
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>
#include <thread>
#include <utility>
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
      // Split-K with fp16 accumulation: the twin's entry (64x128 skp4p in a 2x1 cluster). Not
      // 512x512x16384 since session 38: its entry's two accumulator sets need fp32.
      {{{128, 2048, 8192}, DType::f16, AccType::f16, Layout::tn}, "table"},
      {{{77, 124, 256}, DType::f16, AccType::f16, Layout::nn}, "cublaslt"},  // N: 16-byte rule
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
// cost model chose times its top specs (and, for a large problem, other families) on the
// caller's stream and leaves C as its pick computes
// it; a later call, once the GPU is past the trial, runs the fastest (kind "timed"). Beta 0
// only, never while capturing a graph, and its event calls leave another thread's capture alone.
class TimedChoiceGpu : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_NO_THROW(require_gpu()) << "this test needs a GPU";
    setenv("AUTOGEMM_AUTOTUNE", "6", 1);     // its own process (ctest): read at the first call
    setenv("AUTOGEMM_TRIAL_FIXED", "2", 1);  // the default, whatever the caller's environment
    setenv("AUTOGEMM_TRIAL_BATCH", "0", 1);  // the same
  }
  // gemm() on fresh inputs in `gc`, then the reference check.
  void call(test::GemmChecker& gc, const Problem& p, Scaling s, cudaStream_t stream,
            const std::string& what) {
    gc.prepare(p, seed_);
    seed_ += 2;
    if (s.beta != 0.0f) gc.fill_addend(p, seed_++);
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;  // the fills ran on stream 0
    ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), s, stream)) << what;
    ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess) << what;
    const auto verdict = gc.check(p, s.alpha, s.beta);
    EXPECT_TRUE(verdict.pass) << what << ": " << verdict.reason;
  }
  static Problem tn(int64_t m, int64_t n, int64_t k) {
    return Problem{{m, n, k}, DType::f16, AccType::f32, Layout::tn};
  }
  // Each case's first call runs the trial, its second ends it: the problem is then "timed", with
  // `candidates` in its reason, and every call's result is checked.
  void expect_timed_and_right(test::GemmChecker& gc,
                              const std::vector<std::pair<Problem, Scaling>>& cases,
                              const std::string& candidates, const std::string& what) {
    for (const auto& [p, s] : cases) {
      ASSERT_EQ(choose(p).kind, "cost_model") << choose(p).reason;
      call(gc, p, s, nullptr, what + ": the trial, then the pick");
      call(gc, p, s, nullptr, what + ": the trial is over");
      const Choice timed = choose(p);
      EXPECT_EQ(timed.kind, "timed") << timed.reason;
      EXPECT_NE(timed.reason.find(candidates), std::string::npos) << timed.reason;
      call(gc, p, s, nullptr, what + ": the timed choice");
    }
  }
  // p's trial ran the longer plan of operands about the L2's size (runtime::l2_contested).
  static void expect_longer_plan(const Problem& p) {
    const std::string reason = choose(p).reason;
    EXPECT_NE(reason.find("5 rounds of 8, 4 untimed launch(es) before each batch"),
              std::string::npos)
        << reason;
  }
  uint64_t seed_ = 4321;
};

TEST_F(TimedChoiceGpu, EveryResultStaysRightAndTheProblemEndsTimed) {
  test::GemmChecker gc(2048 * 2048);
  const Problem p = tn(1000, 1512, 1016);
  ASSERT_EQ(choose(p).kind, "cost_model") << choose(p).reason;
  call(gc, p, {}, nullptr, "the first call: the trial, then the pick");
  EXPECT_EQ(choose(p).kind, "cost_model");  // nothing has looked at the trial yet
  call(gc, p, {}, nullptr, "the second call: the trial is over");
  const Choice timed = choose(p);
  EXPECT_EQ(timed.kind, "timed") << timed.reason;
  EXPECT_NE(timed.reason.find("timed on this GPU"), std::string::npos) << timed.reason;
  // The model's top six and the fixed-shape twins of its first two (AUTOGEMM_TRIAL_FIXED unset).
  EXPECT_NE(timed.reason.find("chosen from 8 candidates (the model's top and fixed-shape twins;"),
            std::string::npos)
      << timed.reason;
  std::printf("%s\n", timed.reason.c_str());
  // A short call (~4.7 us by the roofline): the host's clock is read (host_times) and counts, or
  // is left out where a call took over kHostCallMostUs (host_clock_plausible), saying so.
  EXPECT_TRUE(timed.reason.find("; the host's us per call: sm90_") != std::string::npos ||
              timed.reason.find("; the host's clock left out (a call over 15 us: sm90_") !=
                  std::string::npos)
      << timed.reason;
  call(gc, p, {}, nullptr, "the timed choice");
  call(gc, p, {2.0f, 0.0f}, nullptr, "the timed choice, scaled");

  // A first call scaled with beta 0: the trial runs the candidates' scaled variants.
  const Problem s = tn(1000, 1512, 1064);
  call(gc, s, {2.0f, 0.0f}, nullptr, "scaled by 2: the trial");
  call(gc, s, {2.0f, 0.0f}, nullptr, "scaled by 2: the trial is over");
  EXPECT_EQ(choose(s).kind, "timed") << choose(s).reason;
  call(gc, s, {}, nullptr, "then plain");

  // beta != 0 reads C: never timed (every trial launch would add it in again).
  const Problem q = tn(1000, 1512, 1032);
  ASSERT_EQ(choose(q).kind, "cost_model");
  call(gc, q, {1.0f, 0.5f}, nullptr, "beta 0.5");
  call(gc, q, {1.0f, 0.5f}, nullptr, "beta 0.5 again");
  EXPECT_EQ(choose(q).kind, "cost_model");
  // A plain call starts the trial; the beta 0.5 call remembered before must not hide it.
  call(gc, q, {}, nullptr, "plain: the trial");
  call(gc, q, {1.0f, 0.5f}, nullptr, "beta 0.5 after the trial (same buffers as before)");
  EXPECT_EQ(choose(q).kind, "timed") << choose(q).reason;
}

// The large class is timed too, with other kernel families among the candidates
// (trial_candidates): its results stay right, in another type and layout and scaled as well.
TEST_F(TimedChoiceGpu, LargeProblemsEndTimedAndRight) {
  test::GemmChecker gc(int64_t(3000) * 7312);
  const Problem bf16_nn{{2304, 3000, 7304}, DType::bf16, AccType::f32, Layout::nn};
  const std::vector<std::pair<Problem, Scaling>> cases = {
      {tn(2304, 3000, 7304), Scaling{}},
      {bf16_nn, Scaling{}},
      {tn(2304, 3000, 7312), Scaling{2.0f, 0.0f}}};  // the candidates' "_ab" variants
  expect_timed_and_right(
      gc, cases,
      "candidates (the model's top half, the large-class families and, where one fills the SMs' "
      "waves clearly better, the best-filling tile",
      "large");
}

// Decode-like problems are timed with the decode families (two with an L2 prefetch before the
// PDL wait, one launched plainly), every candidate's plain-launch twin, the last-piece twins of
// one-wave split-pass candidates and an untimed lead launch before each batch: the results stay
// right, in another type and layout and scaled as well.
TEST_F(TimedChoiceGpu, DecodeLikeProblemsEndTimedAndRight) {
  test::GemmChecker gc(int64_t(6912) * 2816);
  const Problem bf16_nn{{33, 2056, 4104}, DType::bf16, AccType::f32, Layout::nn};
  const std::vector<std::pair<Problem, Scaling>> cases = {
      {tn(20, 6912, 2816), Scaling{}},
      {bf16_nn, Scaling{}},
      {tn(7, 2048, 5000), Scaling{2.0f, 0.0f}}};  // the candidates' "_ab" variants
  expect_timed_and_right(
      gc, cases, "(the model's top half and the decode families, with plain-launch", "decode-like");
  // 20x6912x2816's A, B and C (39.3 MB) are L2-sized on an H100 and an H200: the longer plan.
  expect_longer_plan(tn(20, 6912, 2816));
}

// A memory-bound middle-class problem whose A, B and C are L2-sized (6866x80x2808: 40.1 MB) takes
// the longer plan too, and its result stays right.
TEST_F(TimedChoiceGpu, L2SizedMiddleProblemsTakeTheLongerPlanAndStayRight) {
  test::GemmChecker gc(int64_t(6866) * 2808);
  expect_timed_and_right(gc, {{tn(6866, 80, 2808), Scaling{}}}, "(the model's top",
                         "L2-sized middle");
  expect_longer_plan(tn(6866, 80, 2808));
}

// Small problems with a long K are timed as well (runtime::long_k_small), in both layouts.
TEST_F(TimedChoiceGpu, LongKSmallProblemsEndTimedAndRight) {
  test::GemmChecker gc(int64_t(176) * 2616);
  const Problem nn{{5, 136, 1544}, DType::f16, AccType::f32, Layout::nn};
  for (const Problem& p : {tn(3, 176, 2616), nn}) {
    ASSERT_EQ(choose(p).kind, "cost_model") << choose(p).reason;
    call(gc, p, {}, nullptr, "small, long K: the trial, then the pick");
    call(gc, p, {}, nullptr, "small, long K: the trial is over");
    const Choice timed = choose(p);
    EXPECT_EQ(timed.kind, "timed") << timed.reason;
    call(gc, p, {}, nullptr, "small, long K: the timed choice");
  }
}

// A call while the trial is still queued runs the pick and leaves no error behind.
TEST_F(TimedChoiceGpu, ACallBeforeTheTrialRanIsThePicksAndLeavesNoError) {
  test::GemmChecker big(2048 * 2048), gc(2048 * 2048);
  const Problem slow = tn(2048, 2048, 2048), p = tn(1000, 1512, 1080);
  big.prepare(slow, 1);
  gc.prepare(p, 3);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const std::string named = choose(slow).spec;
  for (int i = 0; i < 40; ++i)  // ~1 ms of work ahead of the trial
    ASSERT_NO_THROW(gemm(slow, named, big.a(), big.b(), big.c(), nullptr));
  ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), nullptr));  // the trial
  ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), nullptr));  // polls: not there yet
  EXPECT_EQ(choose(p).kind, "cost_model");
  EXPECT_EQ(cudaGetLastError(), cudaSuccess);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const auto verdict = gc.check(p);
  EXPECT_TRUE(verdict.pass) << verdict.reason;
  call(gc, p, {}, nullptr, "after the trial");
  EXPECT_EQ(choose(p).kind, "timed") << choose(p).reason;
}

// A captured call runs the pick and starts nothing; the next plain call does.
TEST_F(TimedChoiceGpu, NoTrialUnderCapture) {
  test::GemmChecker gc(2048 * 2048);
  const Problem r = tn(1000, 1512, 1048);
  ASSERT_EQ(choose(r).kind, "cost_model");
  cudaStream_t stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  gc.prepare(r, 11);
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
  EXPECT_EQ(choose(r).kind, "cost_model");
  call(gc, r, {}, stream, "after the capture: the trial");
  call(gc, r, {}, stream, "the trial is over");
  EXPECT_EQ(choose(r).kind, "timed") << choose(r).reason;
  cudaStreamDestroy(stream);
}

// Another thread's graph capture (global mode, CUDA's default) survives this thread's call that
// polls a trial's events and switches to the timed choice (the trial itself ran before: its
// compiles and first allocations are not what this is about).
TEST_F(TimedChoiceGpu, AnotherThreadsCaptureSurvivesThePoll) {
  test::GemmChecker gc(2048 * 2048), other(2048 * 2048);
  const Problem p = tn(1000, 1512, 1096), q = tn(512, 512, 512);
  gc.prepare(p, 21);
  other.prepare(q, 23);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  const std::string q_spec = choose(q).spec;
  ASSERT_NO_THROW(prepare(q_spec));
  cudaStream_t stream = nullptr, capture_stream = nullptr;
  ASSERT_EQ(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_EQ(cudaStreamCreateWithFlags(&capture_stream, cudaStreamNonBlocking), cudaSuccess);
  ASSERT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), stream));  // the trial
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  std::atomic<int> step{0};
  cudaError_t end_status = cudaErrorUnknown;
  std::thread capturer([&] {
    cudaSetDevice(0);
    if (cudaStreamBeginCapture(capture_stream, cudaStreamCaptureModeGlobal) != cudaSuccess) {
      step = -1;
      return;
    }
    try {
      gemm(q, q_spec, other.a(), other.b(), other.c(), capture_stream);
    } catch (...) {
    }
    step = 1;
    while (step.load() < 2) std::this_thread::yield();
    cudaGraph_t graph = nullptr;
    end_status = cudaStreamEndCapture(capture_stream, &graph);
    if (graph) cudaGraphDestroy(graph);
  });
  while (step.load() == 0) std::this_thread::yield();
  EXPECT_EQ(step.load(), 1) << "the other thread could not begin its capture";
  EXPECT_NO_THROW(gemm(p, gc.a(), gc.b(), gc.c(), stream));  // polls, then the timed choice
  step = 2;
  capturer.join();
  EXPECT_EQ(end_status, cudaSuccess) << cudaGetErrorString(end_status);
  ASSERT_EQ(cudaStreamSynchronize(stream), cudaSuccess);
  EXPECT_EQ(choose(p).kind, "timed") << choose(p).reason;
  const auto verdict = gc.check(p);
  EXPECT_TRUE(verdict.pass) << verdict.reason;
  cudaStreamDestroy(stream);
  cudaStreamDestroy(capture_stream);
}

// Threads making the same problem's first call at once, each on its own stream and buffers: one
// trial, every C right.
TEST_F(TimedChoiceGpu, ConcurrentFirstCallsAreAllRight) {
  const Problem p = tn(1000, 1512, 1112);
  constexpr int kThreads = 4;
  std::vector<std::unique_ptr<test::GemmChecker>> gcs;
  std::vector<cudaStream_t> streams(kThreads);
  for (int i = 0; i < kThreads; ++i) {
    gcs.push_back(std::make_unique<test::GemmChecker>(2048 * 2048));
    gcs.back()->prepare(p, 100 + 2 * uint64_t(i));
    ASSERT_EQ(cudaStreamCreateWithFlags(&streams[size_t(i)], cudaStreamNonBlocking), cudaSuccess);
  }
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  std::vector<std::thread> threads;
  std::atomic<int> failures{0};
  for (int i = 0; i < kThreads; ++i)
    threads.emplace_back([&, i] {
      cudaSetDevice(0);
      try {
        gemm(p, gcs[size_t(i)]->a(), gcs[size_t(i)]->b(), gcs[size_t(i)]->c(), streams[size_t(i)]);
      } catch (...) {
        ++failures;
      }
    });
  for (auto& t : threads) t.join();
  EXPECT_EQ(failures.load(), 0);
  ASSERT_EQ(cudaDeviceSynchronize(), cudaSuccess);
  for (int i = 0; i < kThreads; ++i) {
    const auto verdict = gcs[size_t(i)]->check(p);
    EXPECT_TRUE(verdict.pass) << "thread " << i << ": " << verdict.reason;
    cudaStreamDestroy(streams[size_t(i)]);
  }
  test::GemmChecker gc(2048 * 2048);
  call(gc, p, {}, nullptr, "after the threads");
  EXPECT_EQ(choose(p).kind, "timed") << choose(p).reason;
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
