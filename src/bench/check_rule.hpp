// The correctness rule: when does a GEMM output count as right? Pure C++; the GPU compare kernel
// supplies the sums, this file decides.
#pragma once

#include <cstdint>
#include <string>

#include "autogemm/types.hpp"

namespace autogemm::bench {

// Sums the compare kernel accumulates over C (finite elements only) against the fp32 reference.
struct CompareSums {
  double diff_sq = 0;      // sum (c - ref)^2
  double ref_sq = 0;       // sum ref^2
  double max_abs = 0;      // max |c - ref|
  uint64_t nonfinite = 0;  // NaN or Inf elements in C (unwritten poisoned ones included)
  uint64_t count = 0;      // elements compared
};

struct CheckResult {
  bool pass = false;
  double rel_err = 0;  // ||C - ref||_F / ||ref||_F over finite elements
  double max_abs = 0;
  uint64_t nonfinite = 0;
  double tolerance = 0;
  std::string reason;  // why it failed; empty on pass
};

// Largest relative Frobenius error accepted, with N(0,1) inputs.
//  fp32 accumulator: the error is the rounding of C to 16 bits (rms u/sqrt(3) relative, u the
//    unit roundoff: fp16 2^-11 -> 2.8e-4, bf16 2^-8 -> 2.3e-3); we accept ~4x that:
//    fp16 1e-3 (DESIGN.md §6), bf16 1e-2.
//  fp16 accumulator: partial sums are rounded to fp16 as K grows; a random walk of roundings
//    gives about u * sqrt(K) relative at worst. Accept max(2e-3, 2^-11 * sqrt(K)): 0.0625 at
//    K = 16384, still far below the ~1.4 of a wrong result.
double tolerance(DType dtype, AccType acc, int64_t k);

// Applies the rule: any non-finite element fails; otherwise rel_err <= tolerance passes.
CheckResult judge(const CompareSums& sums, DType dtype, AccType acc, int64_t k);

}  // namespace autogemm::bench
