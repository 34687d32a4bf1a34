// Types shared by the device code and the host code that launches it (no CUDA headers needed).
#pragma once

namespace autogemm::sm90 {

enum class ElemType : int { kF16 = 0, kBF16 = 1 };

// Run-time arguments of the GEMM kernel besides the two TMA descriptors. C is row-major M×N.
struct GemmArgs {
  void* c;
  int m, n, k;
  long long ldc;  // elements between consecutive rows of C
  // Stream-K only: one partial tile per CTA (fp32) and one ready flag per CTA and consumer,
  // then (from flags + flag_stride) one aligned split-K reader count per CTA and consumer; all
  // zero between launches.
  float* workspace;
  int* flags;
  int flag_stride;
  // Tracing builds only (AUTOGEMM_TRACE, trace.cuh): per-item cycle stamps; null otherwise.
  unsigned long long* trace;
  int trace_items;  // items recorded per role and CTA
  // Scaled kernels only (GemmConfig::kScaled): C = alpha·A·B + beta·C; C is read when beta != 0.
  float alpha, beta;
  // Split-K's reduction pass only (GemmConfig::kSplitPass): blocks per tile and consumer
  // warpgroup, each summing a slice of the accumulators.
  int reduce_slices;
};

}  // namespace autogemm::sm90
