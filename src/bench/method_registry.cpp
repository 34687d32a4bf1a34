#include "bench/method_registry.hpp"

#include <functional>

#include "bench/errors.hpp"

namespace autogemm::bench {
namespace {

using Maker = std::function<std::vector<MethodPtr>(const MethodEnv&)>;

std::vector<MethodPtr> one(MethodPtr m) {
  std::vector<MethodPtr> v;
  v.push_back(std::move(m));
  return v;
}

struct Entry {
  const char* name;
  Maker make;  // empty: registered but not available yet
};

const std::vector<Entry>& registry() {
  static const std::vector<Entry> entries = {
      {"cublas_nn",
       [](const MethodEnv& e) { return one(make_cublas_method(*e.blas, Layout::nn)); }},
      {"cublas_tn",
       [](const MethodEnv& e) { return one(make_cublas_method(*e.blas, Layout::tn)); }},
      {"cublaslt_heuristic_nn",
       [](const MethodEnv& e) { return one(make_cublaslt_heuristic_method(*e.blas, Layout::nn)); }},
      {"cublaslt_heuristic_tn",
       [](const MethodEnv& e) { return one(make_cublaslt_heuristic_method(*e.blas, Layout::tn)); }},
      {"cublaslt_autotune_nn",
       [](const MethodEnv& e) {
         return one(make_cublaslt_autotune_method(*e.blas, Layout::nn, e.algo_cache));
       }},
      {"cublaslt_autotune_tn",
       [](const MethodEnv& e) {
         return one(make_cublaslt_autotune_method(*e.blas, Layout::tn, e.algo_cache));
       }},
      // Our own kernels: one instance per --spec (autogemm_method.cpp).
      {"autogemm", make_autogemm_methods},
  };
  return entries;
}

const Entry* find(const std::string& name) {
  for (const auto& e : registry())
    if (name == e.name) return &e;
  return nullptr;
}

}  // namespace

std::vector<std::string> registered_method_names() {
  std::vector<std::string> names;
  for (const auto& e : registry()) names.push_back(e.name);
  return names;
}

void validate_method_name(const std::string& name) {
  const Entry* e = find(name);
  if (!e) {
    std::string known;
    for (const auto& n : registered_method_names()) {
      if (!known.empty()) known += ", ";
      known += n;
    }
    throw InputError("unknown method '" + name + "' (known: " + known + ")");
  }
  if (!e->make) throw InputError("method " + name + " not available yet");
}

std::vector<MethodPtr> make_methods(const std::string& name, const MethodEnv& env) {
  validate_method_name(name);
  if (!env.blas) throw Error("make_methods: no BLAS context");
  return find(name)->make(env);
}

}  // namespace autogemm::bench
