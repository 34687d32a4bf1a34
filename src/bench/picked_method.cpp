// A method named NAME that runs, per shape, the spec a tuning table or learned policy picks
// (--spec table:NAME=FILE, --spec policy:NAME=FILE; spec_picker.hpp), through the public entry
// point with that spec, as AutogemmMethod runs a fixed one. A shape the source has no spec for
// is reported as no_entry.
#include <cuda_runtime.h>

#include <string>

#include "autogemm/autogemm.hpp"
#include "bench/errors.hpp"
#include "bench/method_registry.hpp"
#include "bench/spec_picker.hpp"
#include "core/cuda_check.hpp"

namespace autogemm::bench {
namespace {

// The facts the runtime's dispatcher gives its policy (runtime/gemm.cpp), so the policy picks
// here what gemm() without a spec would pick.
tune::DeviceFacts current_device_facts() {
  int device = 0, sms = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  check_cuda(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device),
             "cudaDeviceGetAttribute");
  return tune::DeviceFacts{sms};
}

class PickedMethod : public Method {
 public:
  PickedMethod(const PickerSource& source, Layout layout) : picker_(source), layout_(layout) {}

  std::string name() const override { return picker_.source().name; }
  Layout layout() const override { return layout_; }
  std::string spec() const override { return scaled_spec_name(spec_, ops_.scaling); }

  void prepare(const Problem& p, const Operands& ops, cudaStream_t stream) override {
    spec_.clear();
    ops_ = ops;
    // A table needs no device facts; asking only for a policy keeps a table's picks GPU-free.
    const bool policy = picker_.source().kind == PickerSource::Kind::policy;
    const Pick pick = picker_.pick(p, policy ? current_device_facts() : tune::DeviceFacts{});
    if (pick.spec.empty()) throw NoEntryError(pick.reason);
    spec_ = pick.spec;
    p_ = p;
    ops_ = ops;
    try {
      autogemm::prepare(scaled_spec_name(spec_, ops.scaling));
      run(stream);  // first call: plan and any compile
    } catch (const Error& e) {
      throw Error("spec " + spec_ + " from " + picker_.source().file + ": " + e.what());
    }
  }

  void run(cudaStream_t stream) override {
    gemm(p_, spec_, ops_.a, ops_.b, ops_.c, ops_.scaling, stream);
  }

 private:
  SpecPicker picker_;
  Layout layout_;
  std::string spec_;
  Problem p_;
  Operands ops_;
};

}  // namespace

MethodPtr make_picked_method(const PickerSource& source, Layout layout) {
  return std::make_unique<PickedMethod>(source, layout);
}

}  // namespace autogemm::bench
