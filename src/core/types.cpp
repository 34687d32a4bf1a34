#include "autogemm/types.hpp"

#include <string>

namespace autogemm {

std::string_view to_string(DType t) { return t == DType::f16 ? "fp16" : "bf16"; }
std::string_view to_string(AccType t) { return t == AccType::f32 ? "fp32" : "fp16"; }
std::string_view to_string(Layout l) { return l == Layout::nn ? "nn" : "tn"; }

DType parse_dtype(std::string_view s) {
  if (s == "fp16" || s == "f16" || s == "half") return DType::f16;
  if (s == "bf16") return DType::bf16;
  throw Error("unsupported dtype '" + std::string(s) + "' (expected fp16 or bf16)");
}

AccType parse_acc(std::string_view s) {
  if (s == "fp32" || s == "f32") return AccType::f32;
  if (s == "fp16" || s == "f16") return AccType::f16;
  throw Error("unsupported accumulator '" + std::string(s) + "' (expected fp32 or fp16)");
}

Layout parse_layout(std::string_view s) {
  if (s == "nn") return Layout::nn;
  if (s == "tn") return Layout::tn;
  throw Error("unsupported layout '" + std::string(s) + "' (expected nn or tn)");
}

}  // namespace autogemm
