// autogemm: our own kernel, one instance per --spec (or the default sweep with `--spec sweep`),
// run through the public entry point autogemm::gemm exactly as an application would call it.
#include <string>
#include <vector>

#include "autogemm/autogemm.hpp"
#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "spec/enumerate.hpp"
#include "spec/name.hpp"

namespace autogemm::bench {
namespace {

class AutogemmMethod : public Method {
 public:
  AutogemmMethod(std::string spec, Layout layout) : spec_(std::move(spec)), layout_(layout) {}

  std::string name() const override { return "autogemm"; }
  Layout layout() const override { return layout_; }
  std::string spec() const override { return spec_; }

  void prepare(const Problem& p, const Operands& ops, cudaStream_t stream) override {
    p_ = p;
    ops_ = ops;
    autogemm::prepare(spec_);
    // The first call builds the launch plan (tensor maps); later calls only launch.
    gemm(p_, spec_, ops_.a, ops_.b, ops_.c, stream);
  }

  void run(cudaStream_t stream) override { gemm(p_, spec_, ops_.a, ops_.b, ops_.c, stream); }

 private:
  std::string spec_;
  Layout layout_;
  Problem p_;
  Operands ops_;
};

}  // namespace

std::vector<MethodPtr> make_autogemm_methods(const MethodEnv& env) {
  std::vector<std::string> names;
  for (const std::string& s : env.specs) {
    if (s == "sweep") {
      // Data types come from the run; the sweep is listed for the run's layout in fp16 and
      // renamed per problem would be wrong, so the sweep is taken for fp16/fp32 and bf16/fp32.
      for (DType d : {DType::f16, DType::bf16})
        for (const KernelSpec& k : default_sweep(d, AccType::f32, env.layout))
          names.push_back(spec_name(k));
    } else {
      names.push_back(spec_name(parse_name(s)));  // throws on a malformed or invalid name
    }
  }
  if (names.empty())
    throw InputError("method autogemm needs --spec NAME (repeatable) or --spec sweep");
  std::vector<MethodPtr> out;
  for (const std::string& n : names) {
    const Layout layout = parse_name(n).layout;
    out.push_back(std::make_unique<AutogemmMethod>(n, layout));
  }
  return out;
}

}  // namespace autogemm::bench
