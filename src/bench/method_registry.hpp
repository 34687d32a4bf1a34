// Method names (DESIGN.md §8) -> implementations. Adding a method is one file with its maker
// and one line in method_registry.cpp.
#pragma once

#include <string>
#include <vector>

#include "bench/algo_cache.hpp"
#include "bench/blas_context.hpp"
#include "bench/method.hpp"

namespace autogemm::bench {

// What makers may use: the shared cuBLAS handles and the user's method options.
struct MethodEnv {
  BlasContext* blas = nullptr;
  std::vector<std::string> specs;  // --spec values (the autogemm method: one instance each)
  Layout layout = Layout::nn;      // --layout (methods whose name does not fix it)
  DType dtype = DType::f16;        // the run's data and accumulator types
  AccType acc = AccType::f32;
  AlgoCache* algo_cache = nullptr;  // cuBLASLt autotuning's kept choices; none: autotune afresh
};

// Every registered name, available or not, in registry order.
std::vector<std::string> registered_method_names();

// Throws InputError for an unknown name ("unknown method 'x' (known: ...)") or one that is
// registered but not built yet ("method autogemm not available yet"). Needs no GPU.
void validate_method_name(const std::string& name);

// The instances for one name (usually one; autogemm gives one per --spec).
std::vector<MethodPtr> make_methods(const std::string& name, const MethodEnv& env);

// Makers, one per file.
MethodPtr make_cublas_method(BlasContext& blas, Layout layout);
MethodPtr make_cublaslt_heuristic_method(BlasContext& blas, Layout layout);
MethodPtr make_cublaslt_autotune_method(BlasContext& blas, Layout layout,
                                        AlgoCache* cache = nullptr);
std::vector<MethodPtr> make_autogemm_methods(const MethodEnv& env);

}  // namespace autogemm::bench
