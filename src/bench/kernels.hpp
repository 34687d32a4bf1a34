// The harness's own device code, behind host functions: fills, poison, the fp32 reference GEMM
// and the output comparison. Independent of cuBLAS, so the reference never shares a bug with
// the baselines it judges.
#pragma once

#include <cuda_runtime.h>

#include <cstdint>

#include "autogemm/types.hpp"
#include "bench/check_rule.hpp"
#include "bench/protocol.hpp"

namespace autogemm::bench {

// Fills the logical rows×cols matrix whose element (r, c) is drawn from counter
// r * cols + c of `seed` (random.hpp). Stored row-major, or, if `transposed`, as its transpose
// (element (r, c) at c * rows + r) — so B in "nn" and in "tn" storage hold the same matrix.
void fill_matrix(void* p, DType dtype, int64_t rows, int64_t cols, bool transposed, uint64_t seed,
                 DataDist dist, cudaStream_t stream);

// Sets `count` 16-bit elements to NaN (all bits set is a NaN in fp16 and in bf16), so any
// element a method leaves unwritten fails the check.
void poison(void* p, int64_t count, cudaStream_t stream);

// ref (M×N fp32, row-major) = A (M×K row-major) · B, B row-major K×N (nn) or stored N×K (tn);
// products and sums in fp32. Any M, N, K >= 1; no alignment assumed.
void reference_gemm(const void* a, const void* b, Layout layout, float* ref, DType dtype,
                    const Shape& shape, cudaStream_t stream);

// ref = alpha·ref + beta·c0 over `count` elements (c0 16-bit of `dtype`): the reference of a
// scaled GEMM (C = alpha·A·B + beta·C, c0 the C it started from). beta 0 reads no c0.
void scale_reference(float* ref, const void* c0, DType dtype, int64_t count, float alpha,
                     float beta, cudaStream_t stream);

// Device accumulators for compare_output (one small allocation, reused).
struct CompareAccum;
CompareAccum* alloc_compare_accum();
void free_compare_accum(CompareAccum*);

// Compares `count` elements of C with the reference; synchronizes `stream` and returns the sums.
CompareSums compare_output(const void* c, const float* ref, DType dtype, int64_t count,
                           CompareAccum* accum, cudaStream_t stream);

}  // namespace autogemm::bench
