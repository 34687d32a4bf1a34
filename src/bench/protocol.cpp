#include "bench/protocol.hpp"

#include <algorithm>
#include <cmath>

#include "bench/errors.hpp"

namespace autogemm::bench {

Mode parse_mode(std::string_view s) {
  if (s == "kernel") return Mode::kernel;
  if (s == "offline") return Mode::offline;
  if (s == "server") return Mode::server;
  throw InputError("unknown mode '" + std::string(s) + "' (expected kernel, offline or server)");
}

std::string_view to_string(Mode m) {
  switch (m) {
    case Mode::kernel:
      return "kernel";
    case Mode::offline:
      return "offline";
    case Mode::server:
      return "server";
  }
  return "?";
}

DataDist parse_data(std::string_view s) {
  if (s == "normal") return DataDist::normal;
  if (s == "uniform") return DataDist::uniform;
  throw InputError("unknown data '" + std::string(s) + "' (expected normal or uniform)");
}

std::string_view to_string(DataDist d) {
  return d == DataDist::normal ? "normal" : "uniform";
}

int calls_per_loop(Mode mode, double call_us, const Protocol& p, double target_qps) {
  // Loop length: the fast protocol's target, or with --benchmark_seconds a twentieth of it
  // (so there are ~20 rounds to interleave), kept between 0.5 and 50 ms.
  double target_us = p.target_loop_us;
  if (p.benchmark_seconds > 0) target_us = std::clamp(p.benchmark_seconds * 1e6 / 20, 500.0, 5e4);
  double per_call_us = std::max(call_us, 0.1);
  if (mode == Mode::server) {
    // Each call is preceded by a pause of mean 1/qps; a loop of ~20 ms keeps the number of
    // samples per round useful at QPS 100 without paying seconds per shape.
    per_call_us += 1e6 / target_qps;
    target_us = std::max(target_us, 2e4);
  }
  const double n = std::round(target_us / per_call_us);
  return int(std::clamp(n, 1.0, double(std::max(1, p.max_calls))));
}

bool more_rounds(const Protocol& p, int rounds_done, double min_spent_seconds) {
  constexpr int kMinRounds = 3, kMaxRounds = 1000000;
  if (p.benchmark_seconds > 0)
    return rounds_done < kMinRounds ||
           (rounds_done < kMaxRounds && min_spent_seconds < p.benchmark_seconds);
  return rounds_done < p.rounds;
}

}  // namespace autogemm::bench
