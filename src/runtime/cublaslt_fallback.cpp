#include "runtime/cublaslt_fallback.hpp"

#include <cublasLt.h>
#include <cuda_fp16.h>

#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>

#include "core/cuda_check.hpp"

namespace autogemm {
namespace {

void check_lt(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw Error(std::string("cuBLASLt fallback: ") + what + " failed (status " +
                std::to_string(int(s)) + ")");
}

// Row-major C = A·B is column-major Cᵀ (N×M) = op(B) · Aᵀ: cuBLASLt's first operand is our B
// (K×N row-major is column-major N×K: no transpose; stored N×K: transposed), its second our A.
struct LtPlan {
  cublasLtMatmulDesc_t op = nullptr;
  cublasLtMatrixLayout_t lb = nullptr, la = nullptr, lc = nullptr;
  cublasLtMatmulAlgo_t algo{};
  size_t workspace_needed = 0;
  ~LtPlan() {
    if (lc) cublasLtMatrixLayoutDestroy(lc);
    if (la) cublasLtMatrixLayoutDestroy(la);
    if (lb) cublasLtMatrixLayoutDestroy(lb);
    if (op) cublasLtMatmulDescDestroy(op);
  }
};

std::unique_ptr<LtPlan> make_plan(cublasLtHandle_t lt, const Problem& p, size_t workspace_bytes) {
  const auto [m, n, k] = p.shape;
  const cudaDataType_t t = p.dtype == DType::f16 ? CUDA_R_16F : CUDA_R_16BF;
  const bool f32 = p.acc == AccType::f32;
  auto plan = std::make_unique<LtPlan>();
  check_lt(cublasLtMatmulDescCreate(&plan->op, f32 ? CUBLAS_COMPUTE_32F : CUBLAS_COMPUTE_16F,
                                    f32 ? CUDA_R_32F : CUDA_R_16F),
           "cublasLtMatmulDescCreate");
  const cublasOperation_t op_b = p.layout == Layout::nn ? CUBLAS_OP_N : CUBLAS_OP_T;
  const cublasOperation_t op_a = CUBLAS_OP_N;
  check_lt(
      cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_TRANSA, &op_b, sizeof op_b),
      "set TRANSA");
  check_lt(
      cublasLtMatmulDescSetAttribute(plan->op, CUBLASLT_MATMUL_DESC_TRANSB, &op_a, sizeof op_a),
      "set TRANSB");
  if (p.layout == Layout::nn)
    check_lt(cublasLtMatrixLayoutCreate(&plan->lb, t, n, k, n), "layout B");
  else
    check_lt(cublasLtMatrixLayoutCreate(&plan->lb, t, k, n, k), "layout B");
  check_lt(cublasLtMatrixLayoutCreate(&plan->la, t, k, m, k), "layout A");
  check_lt(cublasLtMatrixLayoutCreate(&plan->lc, t, n, m, n), "layout C");
  cublasLtMatmulPreference_t pref = nullptr;
  check_lt(cublasLtMatmulPreferenceCreate(&pref), "preference");
  check_lt(cublasLtMatmulPreferenceSetAttribute(pref, CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES,
                                                &workspace_bytes, sizeof workspace_bytes),
           "workspace preference");
  cublasLtMatmulHeuristicResult_t result{};
  int found = 0;
  const cublasStatus_t s = cublasLtMatmulAlgoGetHeuristic(
      lt, plan->op, plan->lb, plan->la, plan->lc, plan->lc, pref, 1, &result, &found);
  cublasLtMatmulPreferenceDestroy(pref);
  check_lt(s, "cublasLtMatmulAlgoGetHeuristic");
  if (found < 1) throw Error("cuBLASLt fallback: no algorithm for this problem");
  plan->algo = result.algo;
  plan->workspace_needed = result.workspaceSize;
  return plan;
}

struct Key {
  int device;
  Problem p;
  bool operator<(const Key& o) const {
    return std::tie(device, p.shape, p.dtype, p.acc, p.layout) <
           std::tie(o.device, o.p.shape, o.p.dtype, o.p.acc, o.p.layout);
  }
};

}  // namespace

void cublaslt_gemm(const Problem& p, const void* a, const void* b, void* c, cudaStream_t stream,
                   void* workspace, size_t workspace_bytes, float alpha, float beta) {
  static std::mutex mutex;
  static auto* handles = new std::map<int, cublasLtHandle_t>();
  static auto* plans = new std::map<Key, std::unique_ptr<LtPlan>>();
  int device = 0;
  check_cuda(cudaGetDevice(&device), "cudaGetDevice");
  const LtPlan* plan = nullptr;
  cublasLtHandle_t lt = nullptr;
  {
    std::lock_guard lock(mutex);
    auto& h = (*handles)[device];
    if (!h) check_lt(cublasLtCreate(&h), "cublasLtCreate");
    lt = h;
    auto& slot = (*plans)[Key{device, p}];
    if (!slot) slot = make_plan(lt, p, workspace ? workspace_bytes : 0);
    plan = slot.get();
  }
  // The scale type follows the compute type: fp32, or fp16 for fp16 accumulation.
  const __half alpha_h = __float2half(alpha), beta_h = __float2half(beta);
  const bool f32 = p.acc == AccType::f32;
  const void* alpha_p = f32 ? static_cast<const void*>(&alpha) : &alpha_h;
  const void* beta_p = f32 ? static_cast<const void*>(&beta) : &beta_h;
  check_lt(
      cublasLtMatmul(lt, plan->op, alpha_p, b, plan->lb, a, plan->la, beta_p, c, plan->lc, c,
                     plan->lc, &plan->algo, workspace, workspace ? workspace_bytes : 0, stream),
      "cublasLtMatmul");
}

}  // namespace autogemm
