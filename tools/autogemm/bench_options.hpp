// `autogemm bench` flags: as typed (BenchOptions), and validated into a BenchConfig.
// Kept apart from the command so tests can parse flags without a GPU.
#pragma once

#include <CLI/CLI.hpp>
#include <string>
#include <vector>

#include "bench/bench_config.hpp"
#include "shape_options.hpp"

namespace autogemm::cli {

struct BenchOptions {
  ShapeOptions shapes;
  std::string dtype = "fp16";
  std::string acc = "fp32";
  std::string mode = "kernel";
  double target_qps = 100;
  double warmup_seconds = 0;
  double benchmark_seconds = 0;
  int rounds = 7;
  double loop_us = 500;
  std::vector<std::string> methods;
  std::vector<std::string> specs;
  std::string layout = "nn";
  std::string data = "normal";
  std::string l2 = "warm";
  bool graph = false;
  int gpu_device_id = 0;
  double max_memory_gib = 0;  // 0: no limit
  std::string base_dir;
  std::string out;
  uint64_t seed = 2026;
  float alpha = 1.0f, beta = 0.0f;
  std::string vs;
  bool progress = false;
};

void add_bench_options(CLI::App& sub, BenchOptions& o);

// Validates everything that can be checked without a GPU; throws bench::InputError naming the
// problem. `command_line` is recorded in the results; `timestamp` names default output files.
bench::BenchConfig make_bench_config(const BenchOptions& o, const std::string& command_line,
                                     const std::string& timestamp);

}  // namespace autogemm::cli
