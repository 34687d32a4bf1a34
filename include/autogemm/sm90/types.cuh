// Types shared by the device code and the host code that launches it (no CUDA headers needed).
#pragma once

namespace autogemm::sm90 {

enum class ElemType : int { kF16 = 0, kBF16 = 1 };

// Layout of GemmArgs::groups: at most kMaxGroups groups; the SM table starts at kGroupOfSm and
// covers SM ids below kMaxSmId.
constexpr int kMaxGroups = 32, kGroupOfSm = 64, kMaxSmId = 256;

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
  // Group scheduling only (GemmConfig::kGroupSched, scheduler.cuh): `groups` is the device's
  // SM groups (GPCs): [0] the count G, [1 + g] the SMs before group g (G + 1 entries), and
  // [kGroupOfSm + smid] the group of SM smid. `group_claims`: G claim counters and one count of
  // finished clusters, zero between launches.
  const int* groups;
  int* group_claims;
  // Scaled kernels only (GemmConfig::kScaled): C = alpha·A·B + beta·C; C is read when beta != 0.
  float alpha, beta;
};

}  // namespace autogemm::sm90
