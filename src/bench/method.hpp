// A GEMM implementation the bench measures. Each instance is bound to one B layout; the bench
// calls prepare() once per shape (it may be slow: autotuning, compiling), then run() many times
// (it must be cheap, do no host synchronization, and be capturable in a CUDA graph).
#pragma once

#include <cuda_runtime.h>

#include <functional>
#include <memory>
#include <string>

#include "autogemm/autogemm.hpp"
#include "autogemm/types.hpp"
#include "bench/check_rule.hpp"

namespace autogemm::bench {

// The device buffers of one shape, as one method sees them. Row-major A (M×K), B in the
// method's layout (K×N for nn, N×K for tn), the method's own C (M×N). Valid until the next
// prepare().
struct Operands {
  const void* a = nullptr;
  const void* b = nullptr;
  void* c = nullptr;
  // C = alpha·A·B + beta·C (--alpha, --beta); the default is the plain product. With beta != 0
  // C holds the run's addend when the check runs, and the reference includes it.
  Scaling scaling;
  // During prepare() only: poisons C, calls `run_once` (which must write C on the stream), and
  // checks C against the reference, synchronizing. For methods that choose among candidates
  // (autotuning) and must keep only a correct one.
  std::function<CheckResult(const std::function<void()>& run_once, cudaStream_t)> check;
};

class Method {
 public:
  virtual ~Method() = default;
  // DESIGN.md §8 name, e.g. "cublaslt_autotune_tn".
  virtual std::string name() const = 0;
  virtual Layout layout() const = 0;
  // What run() will execute (algorithm, kernel spec); meaningful after prepare().
  virtual std::string spec() const = 0;
  // Why run() executes what spec() names, where the method itself chose (autogemm --spec auto:
  // the dispatcher's reason, with a trial's times); empty where the caller named it. Asked with
  // spec(), when the row is written.
  virtual std::string why() const { return {}; }
  // Sets up `problem` (its layout is this method's) on `ops`. Throws Error if unsupported.
  virtual void prepare(const Problem& problem, const Operands& ops, cudaStream_t stream) = 0;
  // One GEMM on `stream`, as prepared.
  virtual void run(cudaStream_t stream) = 0;
};

using MethodPtr = std::unique_ptr<Method>;

}  // namespace autogemm::bench
