// autogemm: our own kernel, one instance per --spec (or the default sweep with `--spec sweep`),
// run through the public entry point autogemm::gemm exactly as an application would call it.
// `--spec auto` runs what autogemm::gemm without a spec runs: the dispatcher's choice per shape
// (tuning table, heuristic, or cuBLASLt for problems the kernel cannot serve).
// `--spec fitted` runs, per shape, the specs whose tiles fit it (spec/fitted.hpp): method i runs
// the shape's i-th fitted spec, or reports it unsupported where the shape has fewer.
// `--spec table:NAME=FILE` and `--spec policy:NAME=FILE` add a method named NAME that runs the
// table's or policy's pick per shape (picked_method.cpp); they combine with any of the above.
#include <cuda_runtime.h>
#include <fmt/format.h>

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "bench/spec_picker.hpp"
#include "core/hang_guard.hpp"
#include "jit/jit.hpp"
#include "spec/enumerate.hpp"
#include "spec/fitted.hpp"
#include "spec/name.hpp"

namespace autogemm::bench {

std::string scaled_spec_name(const std::string& spec, const Scaling& scaling) {
  if (spec.empty() || scaling.plain() || parse_name(spec).scaled) return spec;
  return spec + "_ab";  // the canonical name's last token, as gemm() appends it
}

namespace {

// --spec fitted: how many methods (the most fitted specs a shape gets): fitted_specs' 40, then
// wide_swap_specs' 4 (swap-AB tiles split over M, up to 2 x 192 wide).
constexpr size_t kFittedSpecs = 40, kWideSwapSpecs = 4;
constexpr size_t kFittedMethods = kFittedSpecs + kWideSwapSpecs;

class AutogemmMethod : public Method {
 public:
  explicit AutogemmMethod(const KernelSpec& spec)
      : plain_(spec_name(spec)), ran_(plain_), layout_(spec.layout), spec_types_(spec) {}

  std::string name() const override { return "autogemm"; }
  Layout layout() const override { return layout_; }

  void prepare(const Problem& p, const Operands& ops, cudaStream_t stream) override {
    if (p.dtype != spec_types_.dtype || p.acc != spec_types_.acc)
      throw InputError("spec " + plain_ + " is " + std::string(to_string(spec_types_.dtype)) + "/" +
                       std::string(to_string(spec_types_.acc)) + ", the run is " +
                       std::string(to_string(p.dtype)) + "/" + std::string(to_string(p.acc)));
    p_ = p;
    ops_ = ops;
    ran_ = scaled_spec_name(plain_, ops.scaling);
    autogemm::prepare(ran_);
    // The first call builds the launch plan (tensor maps); later calls only launch.
    run(stream);
  }

  std::string spec() const override { return ran_; }
  void run(cudaStream_t stream) override {
    gemm(p_, plain_, ops_.a, ops_.b, ops_.c, ops_.scaling, stream);
  }

 private:
  std::string plain_, ran_;
  Layout layout_;
  KernelSpec spec_types_;
  Problem p_;
  Operands ops_;
};

// --spec fitted: a shape's fitted specs, computed (and compiled, on every CPU) once per shape
// and shared by its kFittedMethods methods.
class FittedSpecs {
 public:
  const std::vector<KernelSpec>& of(const Problem& p, const Scaling& scaling) {
    if (has_ && p == problem_) return specs_;
    int device = 0, sms = 0;
    if (cudaGetDevice(&device) != cudaSuccess ||
        cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess)
      throw Error("fitted specs: cannot read the GPU's SM count");
    specs_ = fitted_specs(p, sms, kFittedSpecs);
    for (const KernelSpec& s : wide_swap_specs(p, sms, kWideSwapSpecs)) specs_.push_back(s);
    problem_ = p;
    has_ = true;
    // The variants that will run: scaled ones when the run scales (gemm() runs the "_ab" twin
    // then). 0 threads: one per CPU. A failed compile surfaces again, with its error, when its
    // method prepares.
    std::vector<KernelSpec> to_build = specs_;
    for (KernelSpec& s : to_build) s.scaled = !scaling.plain();
    jit::prebuild(to_build, 0);
    return specs_;
  }

 private:
  bool has_ = false;
  Problem problem_;
  std::vector<KernelSpec> specs_;
};

// --spec fitted: the index-th spec fitted to each shape, run as AutogemmMethod runs a named one.
class AutogemmFittedMethod : public Method {
 public:
  AutogemmFittedMethod(Layout layout, size_t index, std::shared_ptr<FittedSpecs> fitted)
      : layout_(layout), index_(index), fitted_(std::move(fitted)) {}

  std::string name() const override { return "autogemm"; }
  Layout layout() const override { return layout_; }
  std::string spec() const override { return method_ ? method_->spec() : ""; }

  void prepare(const Problem& p, const Operands& ops, cudaStream_t stream) override {
    method_.reset();
    const std::vector<KernelSpec>& specs = fitted_->of(p, ops.scaling);
    if (index_ >= specs.size())
      throw NoEntryError("no fitted spec #" + std::to_string(index_) + " for this shape (it has " +
                         std::to_string(specs.size()) + ")");
    method_ = std::make_unique<AutogemmMethod>(specs[index_]);
    method_->prepare(p, ops, stream);
  }

  void run(cudaStream_t stream) override { method_->run(stream); }

 private:
  Layout layout_;
  size_t index_;
  std::shared_ptr<FittedSpecs> fitted_;
  std::unique_ptr<AutogemmMethod> method_;
};

// --spec auto: the dispatcher's choice, per shape.
class AutogemmAutoMethod : public Method {
 public:
  explicit AutogemmAutoMethod(Layout layout) : layout_(layout) {}

  std::string name() const override { return "autogemm"; }
  Layout layout() const override { return layout_; }
  // Asked when the row is written: by then timing on the call (runtime/timed_choice.hpp) has
  // settled, and the row names the kernel that was timed ("timed SPEC").
  std::string spec() const override {
    if (!prepared_) return "auto";
    try {
      const Choice c = choose(p_);
      return c.kind == "cublaslt" ? "cublaslt fallback"
                                  : c.kind + " " + scaled_spec_name(c.spec, ops_.scaling);
    } catch (const std::exception& e) {
      return std::string("auto (") + e.what() + ")";
    }
  }

  std::string why() const override {
    if (!prepared_) return {};
    try {
      return fmt::format("{}; first call {:.0f} ms", choose(p_).reason, first_call_ms_);
    } catch (const std::exception& e) {
      return e.what();
    }
  }

  // The first call is timed as a caller meets it, once per problem: the choice, every compile
  // (the trial's candidates in parallel, the model's pick among them) and, synchronized, the
  // trial's timed rounds; work queued on the stream before it is not counted.
  void prepare(const Problem& p, const Operands& ops, cudaStream_t stream) override {
    p_ = p;
    ops_ = ops;
    prepared_ = false;
    sync_stream_or_hang(stream, "the work before the first call");
    const auto start = std::chrono::steady_clock::now();
    choose(p_);  // throws here, in prepare, where the problem is refused
    prepared_ = true;
    run(stream);  // first call: plan and any compile
    sync_stream_or_hang(stream, "the first call");
    first_call_ms_ =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  }

  void run(cudaStream_t stream) override { gemm(p_, ops_.a, ops_.b, ops_.c, ops_.scaling, stream); }

 private:
  Layout layout_;
  bool prepared_ = false;
  double first_call_ms_ = 0;
  Problem p_;
  Operands ops_;
};

}  // namespace

void check_autogemm_specs(const std::vector<std::string>& specs) {
  if (specs.empty())
    throw InputError(
        "method autogemm needs --spec NAME (repeatable), --spec sweep, --spec fitted, --spec auto, "
        "--spec table:NAME=FILE or --spec policy:NAME=FILE");
  // auto is the dispatcher's whole answer, so it stands alone among the plain specs; picked
  // methods (table:, policy:) are methods of their own and combine with anything.
  size_t plain = 0;
  bool has_auto = false;
  for (const std::string& s : specs) {
    if (parse_picker_source(s)) continue;
    ++plain;
    has_auto = has_auto || s == "auto";
  }
  if (has_auto && plain > 1) throw InputError("--spec auto cannot be combined with other specs");
}

std::vector<MethodPtr> make_autogemm_methods(const MethodEnv& env) {
  check_autogemm_specs(env.specs);
  std::vector<MethodPtr> out;
  for (const std::string& s : env.specs) {
    if (const auto picker = parse_picker_source(s)) {
      out.push_back(make_picked_method(*picker, env.layout));
    } else if (s == "auto") {
      out.push_back(std::make_unique<AutogemmAutoMethod>(env.layout));
    } else if (s == "fitted") {  // per shape, its fitted specs
      const auto fitted = std::make_shared<FittedSpecs>();
      for (size_t i = 0; i < kFittedMethods; ++i)
        out.push_back(std::make_unique<AutogemmFittedMethod>(env.layout, i, fitted));
    } else if (s == "sweep") {  // the default sweep for the run's types and --layout
      for (const KernelSpec& k : default_sweep(env.dtype, env.acc, env.layout))
        out.push_back(std::make_unique<AutogemmMethod>(k));
    } else {
      out.push_back(std::make_unique<AutogemmMethod>(parse_name(s)));  // throws if invalid
    }
  }
  return out;
}

}  // namespace autogemm::bench
