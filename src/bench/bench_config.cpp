#include "bench/bench_config.hpp"

namespace autogemm::bench {

const std::vector<std::string>& default_methods() {
  static const std::vector<std::string> names = {"cublas_nn",
                                                 "cublas_tn",
                                                 "cublaslt_heuristic_nn",
                                                 "cublaslt_heuristic_tn",
                                                 "cublaslt_autotune_nn",
                                                 "cublaslt_autotune_tn"};
  return names;
}

}  // namespace autogemm::bench
