// Speedups as CUDA-L2 reports them: a candidate method against each baseline and against each
// baseline family's "-max" (the faster of its nn and tn variants, per shape), with geomeans.
// Pure C++: works on ResultRows, whether just measured or read back from CSV.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "bench/results.hpp"

namespace autogemm::bench {

// The name a row is reported under: the method, plus "_<layout>" if the method name does not
// already end in _nn/_tn (torch_matmul -> torch_matmul_tn), plus "[tag]" when tagged.
std::string row_label(const ResultRow& row);
// "cublaslt_autotune_nn" -> "cublaslt_autotune"; a label without a layout suffix is its own.
std::string family_of(const std::string& label);

// The candidate: `vs` if not empty (must be one of `labels`, else InputError), else the first
// label starting with "autogemm", else the first label. Empty `labels` -> "".
std::string pick_candidate(const std::vector<std::string>& labels, const std::string& vs);

struct MethodSummary {
  std::string label;
  // skipped counts no_entry rows too (a picked method's source had no spec for the shape)
  size_t ok = 0, failed = 0, skipped = 0;
  double geomean_us = 0;      // over the shapes where it ran (0 if none)
  double geomean_tflops = 0;  // likewise
};

// Candidate vs one baseline (or a family's -max), over shapes where both have a time.
struct SpeedupSummary {
  std::string baseline;  // a label, or "<family>-max"
  bool is_max = false;
  size_t shapes = 0;
  double geomean = 0;       // geomean of t_baseline / t_candidate (> 1: candidate faster)
  double mean = 0;          // arithmetic mean of the same ratios (CUDA-L2 quotes means)
  double win_fraction = 0;  // share of shapes where the candidate is faster
};

struct ShapeReport {
  Shape shape;
  std::map<std::string, double> time_us;  // label -> median, for methods that ran
  std::map<std::string, double> speedup;  // baseline (or -max) -> t_baseline / t_candidate
};

struct Summary {
  std::string candidate;
  std::vector<MethodSummary> methods;    // in order of first appearance
  std::vector<SpeedupSummary> speedups;  // each baseline, then each -max
  std::vector<ShapeReport> shapes;       // in order of first appearance
};

// Rows must share dtype, acc and mode (one run); throws InputError otherwise.
// `candidate` may be empty: then no speedups are computed.
Summary summarize_results(const std::vector<ResultRow>& rows, const std::string& candidate);

// The label of each row, first appearance order, without repeats.
std::vector<std::string> labels_in_order(const std::vector<ResultRow>& rows);

}  // namespace autogemm::bench
