// Rendering a Summary: JSON for files, plain-text tables for the console. Pure C++.
#pragma once

#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "bench/report.hpp"

namespace autogemm::bench {

// {"candidate", "methods": [...], "speedups": [...], "shapes": [{M,N,K,time_us,speedup}]}.
nlohmann::json summary_json(const Summary& summary);

// Per-method counts, geomean time and TFLOP/s; then the candidate's speedups.
void print_summary(const Summary& summary, std::ostream& out);

// One line per row (shape, method, times, TFLOP/s, rel_err, status) — for short runs.
void print_rows(const std::vector<ResultRow>& rows, std::ostream& out);

}  // namespace autogemm::bench
