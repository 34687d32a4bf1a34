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

struct PickerSource;

// Makers, one per file.
MethodPtr make_cublas_method(BlasContext& blas, Layout layout);
MethodPtr make_cublaslt_heuristic_method(BlasContext& blas, Layout layout);
MethodPtr make_cublaslt_autotune_method(BlasContext& blas, Layout layout,
                                        AlgoCache* cache = nullptr);
std::vector<MethodPtr> make_autogemm_methods(const MethodEnv& env);
// The autogemm method's --spec list as a whole (names are checked where they are parsed): not
// empty, and auto alone among the specs other than table:/policy:. Throws InputError.
void check_autogemm_specs(const std::vector<std::string>& specs);
// --spec table:NAME=FILE or policy:NAME=FILE: a method named NAME (picked_method.cpp). Loads
// the file: throws Error naming it when it does not load.
MethodPtr make_picked_method(const PickerSource& source, Layout layout);
// The spec gemm() runs for `spec` under `scaling`: its scaled twin ("_ab") unless the scaling
// is plain or the spec is scaled already (an empty spec, none picked, stays empty).
std::string scaled_spec_name(const std::string& spec, const Scaling& scaling);

}  // namespace autogemm::bench
