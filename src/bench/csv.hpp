// The results CSV (DESIGN.md §8). Columns, in this order:
//   M,N,K,dtype,acc,layout,method,mode,median_us,p10_us,p90_us,tflops,rel_err,spec,status
// The first fourteen are §8's. `status` is added last: "ok", "FAILED: why", "SKIPPED: why" or
// "no_entry: why" (a picked method's table or policy has no spec for the shape).
// A FAILED or SKIPPED row keeps its place (every shape has a row for every method) with the
// time columns empty; rel_err holds what the correctness gate measured, if it got that far
// ("nan"/"inf" when the output had non-finite values). Pure C++.
#pragma once

#include <fstream>
#include <string>
#include <string_view>
#include <vector>

#include "bench/results.hpp"

namespace autogemm::bench {

const std::vector<std::string>& csv_columns();
std::string csv_header();

// Quotes a field if it holds a comma, a quote or a line break (quotes doubled, RFC 4180).
std::string csv_escape(std::string_view field);
// Splits one CSV line into fields, undoing csv_escape. Throws Error on an unclosed quote.
std::vector<std::string> csv_split(std::string_view line);

std::string csv_row(const ResultRow& row);

// Parses rows written by csv_row (by column name, so extra columns are ignored).
// `name` is used in error messages.
std::vector<ResultRow> parse_results_csv(std::string_view text, const std::string& name);
std::vector<ResultRow> read_results_csv(const std::string& path);

// Writes the header at open and each row as it comes, flushed, so a killed run keeps every row
// it finished. Creates missing parent directories.
class CsvWriter {
 public:
  explicit CsvWriter(const std::string& path);
  void write(const ResultRow& row);
  const std::string& path() const { return path_; }

 private:
  std::string path_;
  std::ofstream out_;
};

}  // namespace autogemm::bench
