// Everything one `autogemm bench` run needs, already validated (the CLI builds it). Pure C++.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "autogemm/types.hpp"
#include "bench/protocol.hpp"

namespace autogemm::bench {

struct BenchConfig {
  std::vector<Shape> shapes;
  DType dtype = DType::f16;
  AccType acc = AccType::f32;
  Mode mode = Mode::kernel;
  bool graph = false;    // kernel mode: time a CUDA graph of the loop instead of the calls
  bool l2_cold = false;  // flush L2 before each timed call
  double target_qps = 100;
  Protocol protocol;
  std::vector<std::string> methods;  // DESIGN.md §8 names, in the order given
  std::vector<std::string> specs;    // --spec values, for the autogemm method
  Layout autogemm_layout = Layout::nn;
  DataDist data = DataDist::normal;
  int device = 0;
  // At most this many bytes of device memory for the run's buffers (0: as much as is free). Under
  // it, methods share C buffers on shapes that would need one each (memory_plan.hpp).
  size_t max_device_bytes = 0;
  uint64_t seed = 2026;
  // C = alpha·A·B + beta·C for every method (--alpha, --beta; finite). Not plain: autogemm runs
  // each spec's scaled twin and cuBLAS/cuBLASLt get the same scalars; with beta != 0 the check
  // starts C from a fixed N(0,1) addend and the reference adds beta times it. The check stays
  // relative to the whole reference: where |beta|·C0 dwarfs |alpha|·A·B (N(0,1) data: alpha
  // below ~1/sqrt(K)), an error in the product under C's own rounding cannot be seen.
  float alpha = 1.0f, beta = 0.0f;
  std::string csv_path;
  std::string json_path;
  std::string vs;  // candidate label for speedups; empty: autogemm if present, else first
  bool progress_bar = false;  // force the redrawn bar even when stderr is not a terminal
  std::string command_line;   // recorded in the JSON
};

// The six cuBLAS/cuBLASLt baselines, the default --methods.
const std::vector<std::string>& default_methods();

}  // namespace autogemm::bench
