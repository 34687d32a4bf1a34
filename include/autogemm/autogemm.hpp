// autogemm's public C++ API.
//
//   C = A · B   (or alpha·A·B + beta·C: Scaling) with A row-major M×K, C row-major M×N, and B
//   either row-major K×N (Layout::nn) or stored N×K (Layout::tn, the nn.Linear weight); fp16 or
//   bf16 data, fp32 accumulation.
//
// Pointers are device pointers, 16-byte aligned; M ≥ 1, N and K positive multiples of 8.
// Calls are stream-ordered, thread-safe, capturable in a CUDA graph, and after the first call
// for a (spec, shape, pointers) they do no allocation, compilation or host synchronisation.
#pragma once

#include <cuda_runtime_api.h>

#include <string>
#include <string_view>

#include "autogemm/types.hpp"

namespace autogemm {

// C = alpha·A·B + beta·C instead of C = A·B. The default (alpha 1, beta 0) is the plain product
// and its kernel; any other value runs the spec's scaled variant (the same kernel with a scaling
// epilogue: "_ab" in its name, compiled on first use). With beta 0, C is not read (it may hold
// anything, NaN included); otherwise C must hold the addend, read before it is overwritten.
struct Scaling {
  float alpha = 1.0f;
  float beta = 0.0f;
  bool plain() const { return alpha == 1.0f && beta == 0.0f; }
};

// Runs the kernel named `spec` (e.g. "sm90_f16f32_tn_128x256x64_s4_c2x1_coop_persist_r8m") on
// `problem`. The first call for a spec compiles it (or loads it from the on-disk cache).
// Throws Error on bad input (invalid spec, spec/problem mismatch, misaligned pointer, bad
// shape) and NoGpuError without a GPU.
void gemm(const Problem& problem, std::string_view spec, const void* a, const void* b, void* c,
          cudaStream_t stream = nullptr);
// The same with `scaling`: a spec without "_ab" runs as its scaled variant unless scaling is
// plain; a spec with "_ab" runs as named.
void gemm(const Problem& problem, std::string_view spec, const void* a, const void* b, void* c,
          Scaling scaling, cudaStream_t stream = nullptr);

// Compiles and loads `spec` on the current device ahead of the first gemm() call.
void prepare(std::string_view spec);

// Which implementation gemm() without a spec runs for `problem` on the current device:
//   kind "table"     - the spec tuned for this exact problem (data/<gpu>.json, or the file named
//                      by AUTOGEMM_TABLE), or, for bf16 data with fp32 accumulation, for its
//                      fp16 twin (the same MMAs, rate and bytes), as bf16;
//   kind "cost_model" - an untuned problem of the types a loaded cost model was trained on
//                      (data/<gpu>.costmodel.json[.gz] or AUTOGEMM_COST_MODEL): its best-ranked
//                      spec of the default sweep and the shape's fitted specs and, with a policy
//                      loaded, its top choices (bf16 with fp32 accumulation: its pick for the
//                      fp16 twin, as bf16, when the model knows fp16 only);
//   kind "timed"     - a "cost_model" problem after timing on its first call: the fastest on
//                      this GPU of up to AUTOGEMM_AUTOTUNE candidates, the model's top
//                      ones (see gemm());
//   kind "policy"    - an untuned problem, with a learned policy loaded (data/<gpu>.policy.json
//                      or AUTOGEMM_POLICY) and no cost model: its most probable valid spec;
//   kind "heuristic" - an untuned problem without a policy: a spec picked from its shape;
//   kind "cublaslt"  - a problem the kernel cannot serve (e.g. N or K not a multiple of 8).
// With AUTOGEMM_LOG=1 each problem's first choice is printed to stderr.
struct Choice {
  std::string kind;
  std::string spec;  // empty for cublaslt
  std::string reason;
};
Choice choose(const Problem& problem);

// C = A · B with the kernel choose() names. Any M, N, K >= 1.
//
// Timing on the call (AUTOGEMM_AUTOTUNE, default 6; 0 or 1 turns it off): the first call of a
// problem choose() gives kind "cost_model", of the middle or large class (2MNK >= 1e8, where it
// pays), decode-like (M <= 64 with N and K >= 2048: memory-bound however few its flops) or small
// with K >= 512 (its k-chain outlasts a launch), a call
// estimated under 20 ms, with beta 0 and on a stream not being captured, enqueues up to that many
// candidates (the model's top specs, and outside the large class the first AUTOGEMM_TRIAL_FIXED of
// them, default 2, also with the problem's shape compiled in; for a large or decode-like problem
// its top half and other kernel families) a few times each on `stream`, on this call's A, B and C,
// between CUDA events, then its pick, so C holds the product as from any call; it does not wait. A
// later call, once the GPU is past those events, switches the problem to the fastest (kind "timed")
// for the rest of the process. That first call costs the trial's GPU time (by its plan, about
// 1-2 ms for calls under 20 us, 4-30 ms for a memory-bound problem whose A, B and C are half to
// 1.3 times the L2, timed over longer batches, and above 20 us 4-11 launches of the call per
// candidate: up to about half a second for the largest); on a cold JIT cache it also compiles
// the other candidates (in parallel; seconds), and the shape-compiled ones on every new problem
// (about half a second). Many more candidates than the default can outrun the launch queue, and
// then the call waits for the GPU to take some. With AUTOGEMM_TUNE=1 the first-sight tuner has
// such problems instead.
//
// With AUTOGEMM_TUNE=1, a problem that no tuning table holds is tuned the first time this
// process sees it (budget AUTOGEMM_TUNE_BUDGET, default 8) and added to the user tuning table
// (AUTOGEMM_USER_TABLE, default ~/.cache/autogemm/<gpu>.user.json), which later calls and
// processes read; choose() then says kind "table". That first call is synchronous: it waits for
// the work already queued on `stream`, runs `autogemm tune` as a child process on this GPU
// (seconds), then enqueues the GEMM on `stream` as usual, so its result is as correct as any
// other call's. A call on a stream being captured into a CUDA graph never tunes: it runs the
// normal pick, and a later uncaptured call tunes.
void gemm(const Problem& problem, const void* a, const void* b, void* c,
          cudaStream_t stream = nullptr);
// The same with `scaling`: the kernel choose() names (its scaled variant unless scaling is
// plain), or cuBLASLt with the same alpha and beta.
void gemm(const Problem& problem, const void* a, const void* b, void* c, Scaling scaling,
          cudaStream_t stream = nullptr);

}  // namespace autogemm
