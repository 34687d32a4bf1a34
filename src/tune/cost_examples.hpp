// The cost model's training data: experience-store rows turned into ranked groups.
//
// One group per (GPU, problem): the cost model ranks candidates for one shape, so only
// comparisons inside a group carry information (reference times and clocks differ between
// shapes and runs). Per row:
//   - an `ok` row with a time gets reward log(t_reference / t_candidate), with t_reference the
//     row's own reference time (measured interleaved in the same run, so clock drift cancels),
//     else the geometric mean of the group's reference times;
//   - a failed row (any other status, or ok without a time) is kept, with the group's worst ok
//     reward minus `failure_penalty` (log 2: "twice as slow as the slowest correct spec"), so the
//     model learns to rank specs that fail to compile or give wrong results last; with
//     include_failures = false they are dropped;
//   - a spec measured several times is one example: the mean of its ok rewards (failed if it
//     never succeeded);
//   - rows of another timing mode or GPU (when one is chosen), and specs whose names no longer
//     parse, are skipped. Groups without a single ok row (nothing to rank) or without any
//     reference time (rewards without a scale) are dropped.
// Groups come in problem-key order and examples in first-measured order: deterministic.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "spec/kernel_spec.hpp"
#include "tune/measurement.hpp"

namespace autogemm::tune {

struct CostExample {
  KernelSpec spec;
  double reward = 0;    // log(t_reference / t_candidate); for a failed spec, the low target
  bool failed = false;  // no correct, timed measurement
};

struct CostGroup {
  std::string gpu_name;
  Problem problem;
  std::vector<CostExample> examples;
};

struct CostDataset {
  std::vector<CostGroup> groups;
  size_t rows_used = 0;     // rows behind the examples
  size_t rows_skipped = 0;  // other mode or GPU, unparsable spec, or a dropped group
  size_t examples() const;
  size_t failed_examples() const;
};

struct ExampleOptions {
  std::optional<std::string> gpu_name;  // only this GPU's rows; all GPUs when empty
  std::string mode = "kernel";
  bool include_failures = true;
  double failure_penalty = 0.6931471805599453;  // log 2
  std::vector<Shape> exclude;  // shapes left out whatever their dtype, acc and layout
};

CostDataset build_cost_dataset(const std::vector<Measurement>& rows,
                               const ExampleOptions& options = {});

// The distinct GPU names among `rows`, sorted.
std::vector<std::string> gpu_names(const std::vector<Measurement>& rows);

}  // namespace autogemm::tune
