// cublaslt_heuristic_nn / _tn: cuBLASLt with the heuristic's first choice, no timing.
#include "bench/cublaslt_gemm.hpp"
#include "bench/method_registry.hpp"

namespace autogemm::bench {
namespace {

class CublasLtHeuristicMethod : public Method {
 public:
  CublasLtHeuristicMethod(BlasContext& blas, Layout layout) : lt_(blas), layout_(layout) {}

  std::string name() const override {
    return layout_ == Layout::nn ? "cublaslt_heuristic_nn" : "cublaslt_heuristic_tn";
  }
  Layout layout() const override { return layout_; }
  std::string spec() const override { return spec_; }

  void prepare(const Problem& p, const Operands& ops, cudaStream_t) override {
    lt_.setup(p, ops);
    choice_ = lt_.heuristics(1).front();
    spec_ = describe_algo(choice_);
  }

  void run(cudaStream_t stream) override { lt_.run(choice_.algo, stream); }

 private:
  LtGemm lt_;
  Layout layout_;
  cublasLtMatmulHeuristicResult_t choice_{};
  std::string spec_;
};

}  // namespace

MethodPtr make_cublaslt_heuristic_method(BlasContext& blas, Layout layout) {
  return std::make_unique<CublasLtHeuristicMethod>(blas, layout);
}

}  // namespace autogemm::bench
