// autogemm bench: measure GEMMs — the baselines, and our kernels once they exist — per shape,
// interleaved, after a correctness gate (DESIGN.md §6). Output: CSV (§8), JSON summary,
// console tables.
#include <ctime>
#include <iostream>

#include "bench/runner.hpp"
#include "bench_options.hpp"
#include "commands.hpp"
#include "exit_codes.hpp"

namespace autogemm::cli {
namespace {

std::string timestamp() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y%m%d-%H%M%S", std::gmtime(&t));
  return buf;
}

}  // namespace

void register_bench(CLI::App& app) {
  auto* sub = app.add_subcommand(
      "bench",
      "Measure GEMMs per shape: every method passes a correctness gate, then all are timed in "
      "interleaved rounds. Writes a CSV row per shape and method as it goes, then a JSON "
      "summary, and prints speedups (geomean, mean, wins) against each baseline and -max.");
  auto opts = std::make_shared<BenchOptions>();
  add_bench_options(*sub, *opts);
  sub->callback([opts] {
    const bench::BenchConfig cfg = make_bench_config(*opts, command_line(), timestamp());
    bench::run_bench(cfg, std::cout, std::cerr);
  });
}

}  // namespace autogemm::cli
