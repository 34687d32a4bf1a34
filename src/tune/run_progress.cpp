#include "tune/run_progress.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <set>

#include "tune/store.hpp"

namespace autogemm::tune {

std::optional<Geomean> running_geomean(const ExperienceStore& store,
                                       const std::vector<Problem>& problems,
                                       const std::string& mode) {
  if (problems.empty()) return std::nullopt;
  std::set<std::string> wanted;
  for (const Problem& p : problems) wanted.insert(problem_key(p));
  MeasurementFilter kernel;
  kernel.mode = mode;
  double log_sum = 0;
  int count = 0;
  for (const Measurement& m : store.best_per_problem(kernel)) {
    if (!wanted.count(problem_key(m.problem)) || !m.median_us || !m.reference_median_us) continue;
    log_sum += std::log(*m.reference_median_us / *m.median_us);
    ++count;
  }
  if (count == 0) return std::nullopt;
  return Geomean{std::exp(log_sum / count), count};
}

std::string short_duration(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  if (s < 60) return fmt::format("{}s", s);
  if (s < 3600) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}h{:02}m", s / 3600, (s % 3600) / 60);
}

std::string progress_line(const QueueProgress& p, double elapsed_s, int workers,
                          std::optional<Geomean> geomean) {
  const int64_t finished = p.done + p.skipped;
  std::string line = fmt::format("tune: {}/{} shapes done", finished, p.total);
  if (p.skipped > 0) line += fmt::format(" ({} skipped)", p.skipped);
  line += fmt::format(", {} worker{}", workers, workers == 1 ? "" : "s");
  const int64_t left = p.total - finished;
  if (left > 0)
    line += p.done > 0 && elapsed_s > 0
                ? ", ETA " + short_duration(double(left) * elapsed_s / double(p.done))
                : ", ETA ?";
  if (geomean) line += fmt::format(", geomean {:.3f}x over {}", geomean->value, geomean->rows);
  return line;
}

}  // namespace autogemm::tune
