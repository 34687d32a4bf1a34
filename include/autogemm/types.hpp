// Vocabulary shared by every part of autogemm: data types, layouts, problems, errors.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace autogemm {

// Element type of A, B and C.
enum class DType { f16, bf16 };
// Accumulator type inside the kernel (f16 accumulation only with f16 data).
enum class AccType { f32, f16 };
// B's layout. A is always row-major M×K and C row-major M×N.
//   nn: B row-major K×N        (C = A @ B)
//   tn: B column-major, i.e. stored as N×K row-major (C = A @ W.T, the nn.Linear weight)
// The names follow CUDA-L2 / cuBLAS usage for the same products.
enum class Layout { nn, tn };

struct Shape {
  int64_t m = 0, n = 0, k = 0;
  double flops() const { return 2.0 * double(m) * double(n) * double(k); }
  friend bool operator==(const Shape&, const Shape&) = default;
  friend auto operator<=>(const Shape&, const Shape&) = default;
};

struct Problem {
  Shape shape;
  DType dtype = DType::f16;
  AccType acc = AccType::f32;
  Layout layout = Layout::nn;
  friend bool operator==(const Problem&, const Problem&) = default;
};

// Every error autogemm raises on bad input or a failed call.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Raised when a GPU is needed and none is usable.
class NoGpuError : public Error {
 public:
  using Error::Error;
};

std::string_view to_string(DType);
std::string_view to_string(AccType);
std::string_view to_string(Layout);
// Parsers accept the names to_string prints (and "fp16"/"fp32" style aliases); throw Error.
DType parse_dtype(std::string_view);
AccType parse_acc(std::string_view);
Layout parse_layout(std::string_view);

// Bytes of one element of A, B or C.
inline int element_bytes(DType) { return 2; }

}  // namespace autogemm
