// The one device allocation a run reuses for every shape (memory_plan.hpp's regions): inputs,
// each method's C, and the fp32 reference C — plus the operations on them that the runner
// needs (fill, reference, check).
#pragma once

#include <cuda_runtime.h>

#include <cstddef>

#include "autogemm/autogemm.hpp"
#include "autogemm/types.hpp"
#include "bench/check_rule.hpp"
#include "bench/kernels.hpp"
#include "bench/memory_plan.hpp"

namespace autogemm::bench {

class DeviceBuffers {
 public:
  // capacity_bytes 0 allocates nothing (every shape is then skipped).
  DeviceBuffers(size_t capacity_bytes, DType dtype, int outputs);
  ~DeviceBuffers();
  DeviceBuffers(const DeviceBuffers&) = delete;
  DeviceBuffers& operator=(const DeviceBuffers&) = delete;

  size_t capacity() const { return capacity_; }
  // The least a shape needs: inputs, the reference and one C shared by every method.
  size_t bytes_needed(const Shape& s) const { return plan_regions(s, dtype_, 1).total; }
  bool fits(const Shape& s) const { return bytes_needed(s) <= capacity_; }
  // Lays the regions out for `s`, with as many C regions as fit, up to one per method (throws
  // Error if not even one fits).
  void bind(const Shape& s);
  // C regions of the bound shape: below the method count, methods share them round-robin.
  int c_regions() const { return c_regions_; }

  const Shape& shape() const { return shape_; }
  const void* a() const { return base_ + r_.a; }
  const void* b(Layout l) const { return base_ + (l == Layout::nn ? r_.b_nn : r_.b_tn); }
  void* c(int output) const { return base_ + r_.c0 + r_.c_stride * size_t(output % c_regions_); }
  const float* ref() const { return reinterpret_cast<const float*>(base_ + r_.ref); }

  // Fresh A and B (B written in both storages, same logical values) from `seed`.
  void fill_inputs(uint64_t seed, DataDist dist, cudaStream_t stream);
  // ref = A·B in fp32; with `scaling` not plain, alpha·A·B + beta·addend (the addend is
  // written into output 0 on the way, which prepare_output rewrites before it is checked).
  void compute_reference(cudaStream_t stream, const Scaling& scaling = {});
  void poison_output(int output, cudaStream_t stream);
  // Before a method runs for the check: C poisoned (beta 0: C must be written everywhere), or
  // set to the addend (beta != 0: C is read), the same N(0,1) matrix for every method.
  void prepare_output(int output, const Scaling& scaling, cudaStream_t stream);
  // Compares output `output` with the reference and applies the correctness rule (synchronizes).
  CheckResult check_output(int output, AccType acc, cudaStream_t stream);

 private:
  DType dtype_;
  int outputs_;
  size_t capacity_ = 0;
  char* base_ = nullptr;
  CompareAccum* accum_ = nullptr;
  Shape shape_{};
  Regions r_{};
  int c_regions_ = 1;
};

}  // namespace autogemm::bench
