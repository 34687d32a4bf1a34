// One `autogemm bench` run: for each shape, the correctness gate, then interleaved timing of
// every method; rows written as they come; a summary at the end.
#pragma once

#include <functional>
#include <ostream>
#include <vector>

#include "bench/bench_config.hpp"
#include "bench/method.hpp"
#include "bench/results.hpp"

namespace autogemm::bench {

// Runs `cfg` with the methods it names (from the registry). Writes cfg.csv_path row by row and
// cfg.json_path at the end; prints the summary on `out`, progress on `err`.
// Throws NoGpuError without a GPU, InputError on bad input, Error on failures that stop the run.
std::vector<ResultRow> run_bench(const BenchConfig& cfg, std::ostream& out, std::ostream& err);

// The same with the caller's method instances (tests plant wrong methods this way); the
// BlasContext they may need must outlive the call. cfg.methods is ignored. No files are
// written if cfg.csv_path / cfg.json_path are empty, and nothing is printed if `quiet`.
std::vector<ResultRow> run_methods(const BenchConfig& cfg, std::vector<MethodPtr>& methods,
                                   std::ostream& out, std::ostream& err, bool quiet);

}  // namespace autogemm::bench
