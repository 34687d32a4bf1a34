// cublaslt_autotune_nn / _tn: every algorithm cuBLASLt's heuristic offers (up to 100) is timed
// on this shape; the fastest one that passes the correctness check is kept.
//
// Search cost is bounded: each candidate gets one warm-up call (which also sizes the loop) and
// two timed loops of ~100 µs (one loop if a call takes over 1 ms), and the search stops after
// kBudgetSeconds once kMinCandidates were timed. Small shapes try all candidates in a few ms;
// only the ~40 largest grid shapes hit the budget (their top heuristic picks are timed).
// Estimated over the 1,000-shape grid, both layouts: 35-85 s on an H200 (30-100 candidates).
//
// With an AlgoCache (the tuner's), the choice is kept and reused: a kept algorithm that
// cuBLASLt still accepts for the problem (cublasLtMatmulAlgoCheck) and that passes the
// correctness check is used without autotuning; otherwise autotuning runs and its choice
// replaces the kept one.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>

#include "bench/cublaslt_gemm.hpp"
#include "bench/method_registry.hpp"
#include "core/cuda_check.hpp"
#include "core/hang_guard.hpp"

namespace autogemm::bench {
namespace {

constexpr int kRequested = 100;
constexpr int kMinCandidates = 3;
constexpr double kBudgetSeconds = 0.15;
constexpr double kLoopTargetUs = 100;
constexpr int kMaxLoopCalls = 20;

class CublasLtAutotuneMethod : public Method {
 public:
  CublasLtAutotuneMethod(BlasContext& blas, Layout layout, AlgoCache* cache)
      : lt_(blas), layout_(layout), cache_(cache) {
    check_cuda(cudaEventCreate(&start_), "cudaEventCreate");
    check_cuda(cudaEventCreate(&stop_), "cudaEventCreate");
  }
  ~CublasLtAutotuneMethod() override {
    cudaEventDestroy(start_);
    cudaEventDestroy(stop_);
  }

  std::string name() const override {
    return layout_ == Layout::nn ? "cublaslt_autotune_nn" : "cublaslt_autotune_tn";
  }
  Layout layout() const override { return layout_; }
  std::string spec() const override { return spec_; }

  void prepare(const Problem& p, const Operands& ops, cudaStream_t stream) override {
    lt_.setup(p, ops);
    if (cache_ && use_kept(p, ops, stream)) return;
    const auto candidates = lt_.heuristics(kRequested);
    struct Timed {
      size_t index;
      double us;
    };
    std::vector<Timed> timed;
    const auto t0 = std::chrono::steady_clock::now();
    for (size_t i = 0; i < candidates.size(); ++i) {
      const double spent =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (int(i) >= kMinCandidates && spent > kBudgetSeconds) break;
      try {
        const double first_us = time_loop(candidates[i].algo, 1, stream);  // warm-up, sizing
        const int calls =
            int(std::clamp(std::round(kLoopTargetUs / first_us), 1.0, double(kMaxLoopCalls)));
        double best = time_loop(candidates[i].algo, calls, stream);
        if (first_us < 1000) best = std::min(best, time_loop(candidates[i].algo, calls, stream));
        timed.push_back({i, best});
      } catch (const Error&) {
        // cuBLASLt refused this algorithm at launch: not a candidate.
      }
    }
    std::sort(timed.begin(), timed.end(),
              [](const Timed& a, const Timed& b) { return a.us < b.us; });
    for (const Timed& t : timed) {
      const auto& algo = candidates[t.index].algo;
      const CheckResult r = ops.check([&] { lt_.run(algo, stream); }, stream);
      if (!r.pass) continue;
      choice_ = candidates[t.index];
      spec_ = describe_algo(choice_) + " heuristic_rank=" + std::to_string(t.index) +
              " timed=" + std::to_string(timed.size()) + "/" + std::to_string(candidates.size());
      if (cache_) {
        std::vector<uint8_t> bytes(sizeof algo);
        std::memcpy(bytes.data(), &algo, sizeof algo);
        cache_->put(p, name(), bytes, describe_algo(choice_));
      }
      return;
    }
    throw Error("cuBLASLt autotune: none of " + std::to_string(timed.size()) +
                " timed algorithms passed the correctness check");
  }

  void run(cudaStream_t stream) override { lt_.run(choice_.algo, stream); }

 private:
  // The kept algorithm for `p`, when there is one that cuBLASLt accepts and that computes
  // right; false sends prepare() to autotune.
  bool use_kept(const Problem& p, const Operands& ops, cudaStream_t stream) {
    const auto bytes = cache_->find(p, name());
    cublasLtMatmulAlgo_t algo{};
    if (!bytes || bytes->size() != sizeof algo) return false;
    std::memcpy(&algo, bytes->data(), sizeof algo);
    cublasLtMatmulHeuristicResult_t checked{};
    if (!lt_.check(algo, checked)) return false;
    try {
      if (!ops.check([&] { lt_.run(algo, stream); }, stream).pass) return false;
    } catch (const Error&) {
      return false;  // refused at launch
    }
    choice_ = checked;
    spec_ = describe_algo(choice_) + " kept";
    return true;
  }

  // Mean µs per call of `calls` back-to-back calls, by CUDA events.
  double time_loop(const cublasLtMatmulAlgo_t& algo, int calls, cudaStream_t stream) {
    check_cuda(cudaEventRecord(start_, stream), "cudaEventRecord");
    for (int c = 0; c < calls; ++c) lt_.run(algo, stream);
    check_cuda(cudaEventRecord(stop_, stream), "cudaEventRecord");
    sync_event_or_hang(stop_, "cuBLASLt autotune: end of a timed candidate");
    float ms = 0;
    check_cuda(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime");
    return std::max(1e-3, double(ms) * 1000.0 / calls);
  }

  LtGemm lt_;
  Layout layout_;
  cudaEvent_t start_ = nullptr, stop_ = nullptr;
  AlgoCache* cache_;
  cublasLtMatmulHeuristicResult_t choice_{};
  std::string spec_;
};

}  // namespace

MethodPtr make_cublaslt_autotune_method(BlasContext& blas, Layout layout, AlgoCache* cache) {
  return std::make_unique<CublasLtAutotuneMethod>(blas, layout, cache);
}

}  // namespace autogemm::bench
