// One measured (shape, method) result: what a CSV row holds. Pure C++.
#pragma once

#include <optional>
#include <string>

#include "autogemm/types.hpp"
#include "bench/stats.hpp"

namespace autogemm::bench {

// no_entry: the method's tuning table or policy has no spec for the shape (spec_picker.hpp).
enum class RowStatus { ok, failed, skipped, no_entry };

struct ResultRow {
  Shape shape;
  DType dtype = DType::f16;
  AccType acc = AccType::f32;
  Layout layout = Layout::nn;
  std::string method;             // DESIGN.md §8 name: cublas_nn, ..., autogemm, torch_matmul
  std::string mode;               // kernel | offline | server
  std::optional<TimeStats> time;  // set iff status == ok
  std::optional<double> rel_err;  // set whenever the correctness gate measured it
  std::string spec;               // what the method ran (cuBLASLt algo, kernel spec name)
  RowStatus status = RowStatus::ok;
  std::string message;  // why it failed or was skipped
  // Tells apart several instances of one method in one run (autogemm with several --spec);
  // not written to the CSV.
  std::string tag;
};

// "ok", "FAILED: <message>", "SKIPPED: <message>", "no_entry: <message>" — the CSV's status
// column.
std::string status_text(const ResultRow& row);

}  // namespace autogemm::bench
