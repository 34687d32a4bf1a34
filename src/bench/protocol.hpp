// How long and how often each method is timed per shape (DESIGN.md §6). Pure C++.
//
// Two protocols:
//  * fast (default, for sweeps): per shape, one warm-up loop per method, then `rounds` rounds;
//    in each round every method (shuffled order) runs one timed loop of calls_per_loop() calls,
//    sized so a loop lasts ~target_loop_us (one call if a call is longer than that).
//  * CUDA-L2's (--warmup_seconds / --benchmark_seconds): each method warms up that long, then
//    rounds continue until every method has spent benchmark_seconds in timed loops.
//
// Device-time estimate for the acceptance run (1,000-shape grid, kernel mode, six cuBLAS
// baselines, fast protocol), from shared/anchors/h200_baselines_grid1000.csv, where one call
// of each baseline summed over the grid is ~0.28 s:
//   timed work per method  ~ sum over shapes of (1 warm-up + 7 rounds + 1 calibration + 1 gate)
//                            loops of max(0.5 ms, one call): 1000 x 10 x 0.5 ms + 10 x 0.28 s
//                          ~ 8 s, so ~45-50 s for the six baselines;
//   autotune search        <= 2 x 1000 x (~30 algorithms x ~0.1 ms) on small shapes, capped at
//                            0.15 s per shape and layout on large ones: ~20-40 s;
//   reference GEMM         1.8e14 flop at >= 15 TFLOP/s: <= 12 s; fills/compares: a few s;
//   host overhead (syncs, heuristic queries, 6,000 gate checks): ~20 s.
// Total: about 2-2.5 minutes, well inside the 8-minute budget.
#pragma once

#include <string>
#include <string_view>

namespace autogemm::bench {

// kernel: device time of back-to-back calls (CUDA events). offline: host clock around each
// call plus a stream sync. server: offline with exponentially distributed pauses between calls.
enum class Mode { kernel, offline, server };
Mode parse_mode(std::string_view);  // throws InputError
std::string_view to_string(Mode);

// Input data for timing (the correctness gate always uses N(0,1)).
enum class DataDist { normal, uniform };
DataDist parse_data(std::string_view);  // throws InputError
std::string_view to_string(DataDist);

struct Protocol {
  int rounds = 7;                // fast protocol: timed rounds per shape
  double target_loop_us = 500;   // fast protocol: length of one timed loop
  double warmup_seconds = 0;     // > 0: warm each method this long per shape
  double benchmark_seconds = 0;  // > 0: time each method at least this long per shape
  int max_calls = 1000;          // upper bound on calls in one loop
};

// Calls in one timed loop, given the time of one call (µs, as the mode measures it).
// server: a loop also pays a mean pause of 1/target_qps per call.
int calls_per_loop(Mode mode, double call_us, const Protocol& p, double target_qps);

// Whether to run another round, given the rounds done and the least time (s) any method has
// spent in timed loops so far.
bool more_rounds(const Protocol& p, int rounds_done, double min_spent_seconds);

}  // namespace autogemm::bench
